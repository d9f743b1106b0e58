/**
 * A client in a process of its own, so that what it sends and receives is not counted in the server's memory:
 * `upload URL HEADERS FIELDS SIZE` streams a multipart form with a CSV file of about SIZE bytes (a valid number
 * and a long random name a row),
 * `download URL COUNT` fetches URL COUNT times at once; each prints what it saw as JSON.
 */
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';

const [command, url, ...rest] = process.argv.slice(2);

async function upload(headers, fields, size) {
  const boundary = `----sewablast${randomBytes(8).toString('hex')}`;
  const request = http.request(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  const answer = new Promise((resolve, reject) => {
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (text) => {
        body += text;
      });
      response.on('end', () => resolve({ status: response.statusCode, body }));
    });
    request.on('error', reject);
  });
  const send = async (bytes) => {
    if (!request.write(bytes)) await once(request, 'drain');
  };
  for (const [name, value] of Object.entries(fields))
    await send(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  await send(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="besar.csv"\r\n\r\n`);
  const hash = createHash('sha256');
  let rows = 0;
  for (let sent = 0; sent < size; ) {
    const lines = [];
    for (let i = 0; i < 64; i++, rows++)
      lines.push(`62812${String(rows).padStart(8, '0')},${randomBytes(500).toString('hex')}\n`);
    const piece = Buffer.from(lines.join(''));
    hash.update(piece);
    sent += piece.length;
    await send(piece);
  }
  request.end(`\r\n--${boundary}--\r\n`);
  return { ...(await answer), rows, sha256: hash.digest('hex') };
}

function download() {
  return new Promise((resolve, reject) => {
    http
      .get(url, (response) => {
        const hash = createHash('sha256');
        let size = 0;
        response.on('data', (piece) => {
          hash.update(piece);
          size += piece.length;
        });
        response.on('end', () => resolve({ status: response.statusCode, size, sha256: hash.digest('hex') }));
      })
      .on('error', reject);
  });
}

const result =
  command === 'upload'
    ? await upload(JSON.parse(rest[0]), JSON.parse(rest[1]), Number(rest[2]))
    : await Promise.all(Array.from({ length: Number(rest[0]) }, download));
process.stdout.write(JSON.stringify(result));
