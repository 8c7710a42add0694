import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { bareHostname, type WebhookAddressGuard } from './webhook-address-guard';

/**
 * POSTs one attempt and answers the receiver's status code; throws BlockedAddressError when the
 * host has no address a webhook may reach, any other error when no HTTP answer came.
 *
 * The connection goes to an address the guard checked right then: the socket's `lookup` resolves
 * the host through the guard, so no second DNS answer (a rebinding) can replace it. The URL keeps
 * its host name, so the Host header and TLS SNI (and the certificate check) are the name's. An IP
 * literal is connected to without a lookup, so it is checked here. No connection is reused
 * (`agent: false`): each one is checked. The body of the answer is never read (decision 79).
 */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  guard: WebhookAddressGuard,
  signal: AbortSignal,
): Promise<number> {
  const target = new URL(url);
  const lookup: LookupFunction = (hostname, options, callback) => {
    guard.addresses(hostname).then(
      (addresses) => {
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
  const client = target.protocol === 'https:' ? https : http;
  const literal = bareHostname(target.hostname);
  const checked = isIP(literal) === 0 ? Promise.resolve() : guard.addresses(literal);
  return checked.then(
    () =>
      new Promise<number>((resolve, reject) => {
        const request = client.request(
          target,
          {
            method: 'POST',
            headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
            lookup,
            signal,
            agent: false,
          },
          (response) => {
            resolve(response.statusCode ?? 0);
            response.destroy();
          },
        );
        request.on('error', reject);
        request.end(body);
      }),
  );
}
