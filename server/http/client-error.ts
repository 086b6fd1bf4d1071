import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { ERROR_STATUS, type ErrorBody } from '@shared/errors';

type ClientErrorCode = 'request.headersTooLarge' | 'request.timeout' | 'request.bad';

/** Node's codes for requests it could not even parse, mapped to the catalogue. */
function codeFor(err: NodeJS.ErrnoException): ClientErrorCode {
  if (err.code === 'HPE_HEADER_OVERFLOW') return 'request.headersTooLarge';
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 'request.timeout';
  return 'request.bad';
}

const MESSAGES: Record<ClientErrorCode, string> = {
  'request.headersTooLarge': 'the address or the headers are too long',
  'request.timeout': 'the request took too long to arrive',
  'request.bad': 'the request could not be parsed',
};

/**
 * Requests Node refuses before Express sees them (over-long URL or headers, malformed request
 * lines, slow headers) get the API's JSON error envelope instead of a bare status line, with the
 * headers every other answer carries that matter for a body nobody should render or frame.
 */
export function answerClientErrors(server: http.Server) {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    const code = codeFor(err);
    const status = ERROR_STATUS[code];
    const body: ErrorBody = { error: 1, code, message: MESSAGES[code] };
    const json = JSON.stringify(body);
    const head = [
      `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request'}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(json)}`,
      'X-Content-Type-Options: nosniff',
      "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'",
      'X-Frame-Options: DENY',
      'Cache-Control: no-store',
      'Connection: close',
    ];
    socket.end(`${head.join('\r\n')}\r\n\r\n${json}`);
  });
}
