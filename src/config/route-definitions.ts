import type { Route } from './schema.js';

/**
 * Argument templates of a route: any JSON value whose strings may hold `${group}` placeholders filled
 * from the rule's named groups. A string that is exactly one placeholder takes the typed value (coerced
 * by the tool's input schema at that argument path); a placeholder inside other text stays text.
 */
export const PLACEHOLDER = /\$\{([A-Za-z_$][\w$]*)\}/g;
export const WHOLE_PLACEHOLDER = /^\$\{([A-Za-z_$][\w$]*)\}$/;

/** Built-in placeholder: the whole question, so keyword-only rules can pass it on (e.g. to a search tool). */
export const QUESTION_PLACEHOLDER = 'question';

/** Every placeholder a template uses, with the JSON path where it appears (for config errors). */
export function templatePlaceholders(template: unknown, path: Array<string | number> = []): Array<{ name: string; path: Array<string | number> }> {
  if (typeof template === 'string') {
    return [...template.matchAll(PLACEHOLDER)].map((match) => ({ name: match[1]!, path }));
  }
  if (Array.isArray(template)) return template.flatMap((item, index) => templatePlaceholders(item, [...path, index]));
  if (typeof template === 'object' && template !== null) {
    return Object.entries(template).flatMap(([key, value]) => templatePlaceholders(value, [...path, key]));
  }
  return [];
}
import { checkLinearPattern, linearRegExp, type LinearRegExp } from '../util/linear-regexp.js';

/** One tool call a rule makes: `tool`/`arguments` on the rule itself, or each entry of `calls`. */
export interface RouteCallTemplate {
  tool: string;
  arguments?: Record<string, unknown>;
}

/** A route problem found at config load: which rule, which field, what is wrong. */
export interface RouteDefinitionProblem {
  /** Position of the rule in `routes`. */
  index: number;
  name: string;
  /** JSON path inside the config, e.g. ["routes", 2, "pattern"]. */
  path: Array<string | number>;
  message: string;
}

export const DEFAULT_ROUTE_FLAGS = 'i';
// g and y make RegExp.exec stateful (lastIndex), which would make routing depend on earlier questions.
const ALLOWED_FLAGS = /^[dimsuv]*$/;

/** The calls a rule makes, in order. */
export function routeCalls(route: Route): RouteCallTemplate[] {
  if (route.calls?.length) return route.calls.map((call) => ({ tool: call.tool, ...(call.arguments ? { arguments: call.arguments } : {}) }));
  return route.tool ? [{ tool: route.tool, ...(route.arguments ? { arguments: route.arguments } : {}) }] : [];
}

/**
 * Compile a rule's pattern (flags default "i") on the linear-time engine: the question may come from anyone (a gateway
 * routes its clients' questions), so no pattern may take exponential time. Throws the SyntaxError of an invalid
 * pattern, or UnsupportedPatternError (lookahead, backreferences).
 */
export function compileRoutePattern(route: Route): LinearRegExp | undefined {
  if (route.pattern === undefined) return undefined;
  return linearRegExp(route.pattern, route.flags ?? DEFAULT_ROUTE_FLAGS);
}

/** Named groups a pattern declares (whether or not they take part in a match). */
export function namedGroups(pattern: LinearRegExp): string[] {
  return [...pattern.groupNames];
}

/**
 * Check every rule so a broken one fails at config load (exit 2 naming the rule) instead of silently
 * never firing: a matcher is present, the pattern compiles with its flags, every `${group}` a template
 * uses exists in the pattern, the rule calls at least one tool, and rule names are unique.
 */
export function checkRouteDefinitions(routes: Route[]): RouteDefinitionProblem[] {
  const problems: RouteDefinitionProblem[] = [];
  const seen = new Map<string, number>();
  routes.forEach((route, index) => {
    const at = (...path: Array<string | number>): Array<string | number> => ['routes', index, ...path];
    const add = (path: Array<string | number>, message: string): void => void problems.push({ index, name: route.name, path, message });
    const first = seen.get(route.name);
    if (first !== undefined) add(at('name'), `duplicate rule name (also routes[${first}])`);
    else seen.set(route.name, index);
    if (route.pattern === undefined && !route.keywords?.length) add(at(), 'needs a "pattern" or "keywords" to match questions');
    if (route.keywords?.some((keyword) => keyword.trim() === '')) add(at('keywords'), 'a keyword is empty');
    if (route.tool !== undefined && route.calls !== undefined) add(at('calls'), 'use either "tool" (+ "arguments") or "calls", not both');
    else if (route.tool === undefined && !route.calls?.length) add(at(), 'needs a "tool" or a non-empty "calls" list');
    if (route.arguments !== undefined && route.tool === undefined)
      add(at('arguments'), '"arguments" needs "tool" (inside "calls", give each call its own arguments)');

    let groups: string[] = [];
    if (route.flags !== undefined && !ALLOWED_FLAGS.test(route.flags)) {
      add(at('flags'), `flags "${route.flags}" not allowed (use d, i, m, s, u, v; g and y make matching stateful)`);
    } else if (route.pattern !== undefined) {
      try {
        // Checked, not compiled: only the commands that route run the pattern (compileRoutePattern, when they do).
        groups = [...checkLinearPattern(route.pattern, route.flags ?? DEFAULT_ROUTE_FLAGS).groupNames];
      } catch (error) {
        add(at('pattern'), `invalid regular expression: ${(error as Error).message}`);
        return;
      }
    }
    const known = new Set([...groups, QUESTION_PLACEHOLDER]);
    const templates: Array<{ value: unknown; path: Array<string | number> }> = route.calls?.length
      ? route.calls.map((call, callIndex) => ({ value: call.arguments, path: at('calls', callIndex, 'arguments') }))
      : [{ value: route.arguments, path: at('arguments') }];
    for (const template of templates) {
      for (const placeholder of templatePlaceholders(template.value, template.path)) {
        if (known.has(placeholder.name)) continue;
        const available = groups.length ? `named groups: ${groups.join(', ')}` : 'the pattern has no named groups';
        add(placeholder.path, `template uses \${${placeholder.name}} but no such group exists (${available}; \${question} is the whole question)`);
      }
    }
  });
  return problems;
}
