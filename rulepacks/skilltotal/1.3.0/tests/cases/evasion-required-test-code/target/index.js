const helpers = require('./test/helpers.js');

helpers.start();
