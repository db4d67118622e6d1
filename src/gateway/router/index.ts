/**
 * Router mode (`mcpns serve --router`): a search tool, a call tool and a describe tool instead of every tool. Pure:
 * it works over a small host interface (host.ts), which the gateway's provider seam implements.
 */
export { Router, type Rerank, type RouterListing, type RouterSettings } from './router.js';
export { ROUTER_TOOL_NAMES, routerDefinitions } from './definitions.js';
export { CALL_TOOL, DESCRIBE_TOOL, SEARCH_TOOL } from './instructions.js';
export { MAX_ANSWER_CHARS } from './format.js';
export type { ExposedTool, JsonObject, RouterCallContext, RouterHost, RouterServer } from './host.js';
export { routerMode, ROUTER_PROVIDER_ID, type RoutedGateway, type RouterMode } from './mode.js';
