/**
 * Deterministic routing and plan validation (Bamboo's fast path and planner check): route rules from
 * config matched against a question, argument templates typed by the tool's schema, and LLM plans
 * validated against the real catalog. Pure: plain data in, plain data out.
 */
export {
  checkRouteDefinitions,
  compileRoutePattern,
  namedGroups,
  routeCalls,
  templatePlaceholders,
  QUESTION_PLACEHOLDER,
  DEFAULT_ROUTE_FLAGS,
  type RouteCallTemplate,
  type RouteDefinitionProblem,
} from '../config/route-definitions.js';
export { tryRule, closestRules, keywordMatches, patternWords, type RuleTrial } from './match.js';
export { fillArguments, type FillContext } from './template.js';
export { coerceText, schemaTypes } from './coerce.js';
export { extractFirstJson, type ExtractedJson } from './extract-json.js';
export { routeQuestion, callIds, ROUTE_SCHEMA_VERSION, type RouteOptions, type RouteResult, type RoutedCall, type EnvelopeOptions } from './route-question.js';
export { searchRouting, type SearchRouting } from './search-routes.js';
export { checkPlanShape, PLAN_SCHEMA_URL, type PlanShape, type ShapeProblem } from './plan-schema.js';
export {
  readPlanText,
  validatePlan,
  PLAN_PROBLEM_CODES,
  PLAN_SCHEMA_VERSION,
  type PlanOptions,
  type PlanProblem,
  type PlanProblemCode,
  type PlanValidation,
  type PlanCallResult,
} from './plan.js';
