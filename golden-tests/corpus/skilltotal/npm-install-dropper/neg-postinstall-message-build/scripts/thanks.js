if (!process.env.CI) {
  console.log("Thanks for installing docs-site-kit. Run `npx docs-site-kit init` to start.");
}
