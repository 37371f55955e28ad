module.exports = {
  title: 'Team dashboard',
  themeConfig: {
    algolia: {
      appId: 'R2IYF7ETH7',
      apiKey: '599cec31baffa4868cae4e79f180729b',
      indexName: 'team-dashboard',
    },
  },
};
