import { defineCheck } from '../types.js';
import { toolFinding, visibleTools } from './shared.js';

/** MISSING_DESCRIPTION — models choose tools by their descriptions; absent or blank is a defect. */
export default defineCheck({
  codes: ['MISSING_DESCRIPTION'],
  family: 'lint',
  run: ({ catalog }) =>
    visibleTools(catalog)
      .filter((tool) => typeof tool.description !== 'string' || tool.description.trim() === '')
      .map((tool) => toolFinding('MISSING_DESCRIPTION', tool, { blank: typeof tool.description === 'string' })),
});
