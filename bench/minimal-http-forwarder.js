// The reference for the gateway's HTTP figures: the forwarder a user would write by hand in Node. It listens on
// loopback, reads each request's body, strips `<prefix>` from a tools/call's tool name (parse, rename, stringify),
// sends the request to the upstream on a keep-alive agent with the client's headers, and streams the upstream's
// answer (status, headers, JSON body or SSE stream) back as it comes; nothing else (no sessions of its own, no
// checks, no logging). Prints PORT=<port> once listening.
//   node bench/minimal-http-forwarder.js <upstream url> <prefix>
import { Agent, createServer, request } from 'node:http';

const [upstreamUrl, prefix] = process.argv.slice(2);
const target = new URL(upstreamUrl);
const agent = new Agent({ keepAlive: true });

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    let body = Buffer.concat(chunks);
    if (req.method === 'POST' && body.length > 0) {
      const message = JSON.parse(body.toString('utf8'));
      if (message.method === 'tools/call' && message.params?.name?.startsWith(prefix)) {
        message.params.name = message.params.name.slice(prefix.length);
      }
      body = Buffer.from(JSON.stringify(message));
    }
    const headers = { ...req.headers };
    delete headers.connection;
    delete headers.host;
    const upstream = request(target, { method: req.method, agent, headers: { ...headers, 'content-length': body.length } }, (answer) => {
      res.writeHead(answer.statusCode, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    // A client that leaves before the end (a closed SSE stream) ends the upstream request too.
    res.on('close', () => res.writableFinished || upstream.destroy());
    upstream.end(body);
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`PORT=${server.address().port}\n`));
process.on('SIGTERM', () => process.exit(0));
