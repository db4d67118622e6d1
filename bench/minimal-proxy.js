// The reference for the gateway's stdio throughput: the proxy a user would write by hand in Node. It starts one stdio
// server, reads JSON-RPC lines from both sides, strips `<prefix>` from a tools/call's tool name, and writes every line
// on at once; nothing else (no id mapping, no cancellation, no logging).
//   node bench/minimal-proxy.js [--own-session] <prefix> <command> [args…]
// --own-session starts the server as mcpns starts every stdio server: detached, so it leads its own session and
// process group (the only way Node offers to own a process group, which is how mcpns ends a server's whole tree).
// Without it the server stays in the proxy's session, as the SDK's client transport leaves it.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const args = process.argv.slice(2);
const ownSession = args[0] === '--own-session';
if (ownSession) args.shift();
const [prefix, command, ...commandArgs] = args;
const server = spawn(command, commandArgs, { stdio: ['pipe', 'pipe', 'inherit'], detached: ownSession });

createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  if (message.method === 'tools/call' && message.params?.name?.startsWith(prefix)) message.params.name = message.params.name.slice(prefix.length);
  server.stdin.write(`${JSON.stringify(message)}\n`);
});
createInterface({ input: server.stdout }).on('line', (line) => process.stdout.write(`${line}\n`));
const end = () => {
  try {
    if (ownSession) process.kill(-server.pid, 'SIGTERM');
    else server.kill('SIGTERM');
  } catch {
    // already gone
  }
};
process.stdin.on('end', end);
process.on('SIGTERM', () => {
  end();
  process.exit(0);
});
