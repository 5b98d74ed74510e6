// A minimal Docusaurus v3 site: one docs page, written by scripts/docusaurus-check.sh from the
// MDX snippet of docs/embedding.md, to show that the guide's Docusaurus lines build and render
// the iframe they promise. Settle's dist is not part of it: the page only links to /settle/.
/** @type {import('@docusaurus/types').Config} */
const config = {
  title: 'Settle embed check',
  url: 'http://127.0.0.1',
  baseUrl: '/',
  onBrokenLinks: 'throw',
  presets: [
    [
      'classic',
      {
        docs: { routeBasePath: '/', sidebarPath: false },
        blog: false,
        pages: false,
      },
    ],
  ],
  // The guide's embed.js line (scripts/docusaurus-check.sh checks it is the guide's, verbatim).
  scripts: [{src: '/settle/embed.js', defer: true}],
};

export default config;
