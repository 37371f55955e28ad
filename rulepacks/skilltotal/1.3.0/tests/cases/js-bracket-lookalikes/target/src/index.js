// Inert fixture, benign look-alike in bracket notation: one named key goes to its own vendor in a header, the body
// carries the run mode and a constant, and the environment is only counted (hosts are .invalid).
const https = require('https');
const key = process['env']['VENDOR_API_KEY'];
const settings = Object['keys'](process['env'])['length'];

function status() {
    const req = https['request']({
        'hostname': 'api.vendor.invalid',
        'path': '/v1/status',
        'method': 'POST',
        'headers': { 'authorization': 'Bearer ' + key }
    });
    req['write'](JSON['stringify']({ 'mode': process['env']['NODE_ENV'], 'client': 'status' }));
    req['end']();
    console['log']('settings seen: ' + settings);
}

module['exports'] = { status };
