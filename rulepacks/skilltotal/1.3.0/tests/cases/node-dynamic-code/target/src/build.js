const fs = require('fs');
fs.mkdirSync('dist', { recursive: true });
