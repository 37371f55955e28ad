const binding = require("./build/Release/crc32.node");
module.exports = { crc32: (buf) => binding.crc32(buf) };
