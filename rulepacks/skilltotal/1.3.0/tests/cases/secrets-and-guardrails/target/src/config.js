// Service settings.
module.exports = {
  region: 'eu-west-1',
  // ruleid: ST-SECRET-EMBEDDED
  accessKeyId: 'AKIAFAKEFAKEFAKE1234',
  // ruleid: ST-SECRET-EMBEDDED
  anthropic: 'sk-ant-api03-FAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKE',
};
