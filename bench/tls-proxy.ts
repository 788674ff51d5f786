import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TlsProxy {
  /** https://127.0.0.1:<port> */
  origin: string;
  close(): Promise<void>;
}

// Connection-specific headers that HTTP/2 forbids (RFC 9113 §8.2.2), and the pseudo-headers.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'http2-settings']);

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'dossier-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * TLS with HTTP/2 in front of the server, as nginx is in production (docs/operations.md): browsers load
 * the app over one multiplexed connection rather than six HTTP/1.1 ones, which is what Lighthouse
 * should see. A measuring aid, 127.0.0.1 only.
 */
export async function startTlsProxy(upstreamPort: number): Promise<TlsProxy> {
  const server = createSecureServer(
    { ...selfSignedCertificate(), allowHTTP1: true },
    (req: Http2ServerRequest, res: Http2ServerResponse) => {
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (name.startsWith(':') || HOP_BY_HOP.has(name) || value === undefined) continue;
        headers[name] = value;
      }
      headers.host = `127.0.0.1:${upstreamPort}`;
      const upstream = request({ host: '127.0.0.1', port: upstreamPort, method: req.method, path: req.url, headers }, (up) => {
        const out: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(up.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
        res.writeHead(up.statusCode ?? 502, out);
        up.pipe(res);
      });
      upstream.on('error', () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      req.pipe(upstream);
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
