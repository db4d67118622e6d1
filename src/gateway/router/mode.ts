import type { Exposure } from '../exposure.js';
import type { ListTransform, LocalTool, ToolProvider } from '../provider.js';
import type { ExposedTool, JsonObject, RouterServer } from './host.js';
import { routerInstructions } from './instructions.js';
import { Router, type RouterSettings } from './router.js';

/** The provider id of the router's tools: the request log's `server` for a search_tools/call_tool/describe_tool call. */
export const ROUTER_PROVIDER_ID = 'router';

/** What the router reads of the gateway it serves (the Gateway class has both). */
export interface RoutedGateway {
  readonly exposure: Exposure;
  /** A page of tools/list: it waits (bounded) for servers in their first start, and under --lazy begins it. */
  page(kind: 'tools', cursor: undefined): Promise<unknown>;
  readonly catalog?: { servers: ReadonlyArray<{ name: string; instructions?: string | undefined; serverInfo?: { title?: unknown } | undefined }> } | undefined;
}

/** The gateway options that turn router mode on, and the router behind them. */
export interface RouterMode {
  router: Router;
  providers: ToolProvider[];
  listTransform: ListTransform;
  checkCall(name: string, args: unknown): JsonObject | undefined;
  /** The instructions sent at initialize: search_tools first, then the servers' own (GatewayOptions.instructions). */
  instructions(upstream: string | undefined): string;
  /** Give the router the gateway (after createGateway: the options are needed to create it). */
  attach(gateway: RoutedGateway): void;
}

/**
 * Router mode over the gateway's provider seam: the router's tools are a provider (so they are listed, called, logged
 * and reserved like any tool the gateway answers itself), the list transform hides every upstream tool but the pinned
 * ones, and the call check validates a direct call's arguments. The exposed tools come from the gateway's exposure:
 * only what profiles, client filters and deny rules let through, each with the (server, tool) pair it routes to.
 */
export function routerMode(settings: RouterSettings): RouterMode {
  let gateway: RoutedGateway | undefined;
  let seen: Exposure | undefined;
  let exposed: readonly ExposedTool[] = [];
  const router = new Router(
    {
      exposedTools() {
        const exposure = gateway?.exposure;
        if (!exposure) return exposed;
        if (exposure === seen) return exposed;
        seen = exposure;
        exposed = exposure.tools.flatMap((definition) => {
          const route = exposure.toolRoutes.get(String(definition['name']));
          return route ? [{ definition, server: route.server, tool: route.name }] : [];
        });
        return exposed;
      },
      servers: () => serversOf(gateway),
    },
    settings,
  );
  let tools: LocalTool[] | undefined;
  const provider: ToolProvider = {
    id: ROUTER_PROVIDER_ID,
    tools: () =>
      (tools ??= router.definitions().map((definition) => ({
        definition,
        call: async (args, context) => {
          await firstStart(gateway);
          return router.call(String(definition['name']), args, context);
        },
      }))),
  };
  return {
    router,
    providers: [provider],
    listTransform: (list) => router.listTransform(list),
    checkCall: (name, args) => router.checkCall(name, args),
    instructions: routerInstructions,
    attach(target) {
      gateway = target;
      router.invalidate();
    },
  };
}

/**
 * Wait for the upstreams' first start exactly as a tools/list does (bounded, and under --lazy it begins it): a search
 * made while servers are starting would miss their tools, and call_tool would not know their names.
 */
async function firstStart(gateway: RoutedGateway | undefined): Promise<void> {
  await gateway?.page('tools', undefined);
}

/** The servers' titles and instructions from the first discovery (searched with their tools). */
function serversOf(gateway: RoutedGateway | undefined): RouterServer[] {
  return (gateway?.catalog?.servers ?? []).map((server) => ({
    name: server.name,
    ...(typeof server.serverInfo?.title === 'string' ? { title: server.serverInfo.title } : {}),
    ...(server.instructions ? { instructions: server.instructions } : {}),
  }));
}
