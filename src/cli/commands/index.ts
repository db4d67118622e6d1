import type { Command } from 'commander';
import type { Registrar } from '../main.js';
import { registerCall } from './call.js';
import { registerCheck } from './check.js';
import { registerCheckConflicts } from './check-conflicts.js';
import { registerDiff } from './diff.js';
import { registerExport } from './export.js';
import { registerLint } from './lint.js';
import { registerList } from './list.js';
import { registerPlan } from './plan.js';
import { registerRoute } from './route.js';
import { registerServers } from './servers.js';
import { registerSnapshot } from './snapshot.js';

/** Every command, in help order. Each module wires commander to core functions and nothing else. */
export function registerCommands(program: Command, registrar: Registrar): void {
  registerList(program, registrar);
  registerServers(program, registrar);
  registerCheckConflicts(program, registrar);
  registerLint(program, registrar);
  registerCheck(program, registrar);
  registerCall(program, registrar);
  registerExport(program, registrar);
  registerSnapshot(program, registrar);
  registerDiff(program, registrar);
  registerRoute(program, registrar);
  registerPlan(program, registrar);
}
