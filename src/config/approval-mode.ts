/** `gemini --approval-mode`: what a non-interactive run (`gemini -p`) offers the model depends on it. */
export const GEMINI_APPROVAL_MODES = ['default', 'auto_edit', 'plan', 'yolo'] as const;
export type GeminiApprovalMode = (typeof GEMINI_APPROVAL_MODES)[number];
