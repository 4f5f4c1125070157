import react from '@astrojs/react';
import netlify from '@netlify/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { isDeployedContext } from './src/lib/server-env.ts';
import { adminPasswordBanner, ensureLocalSecrets } from './scripts/local-secrets.ts';
import { assertTipAddress } from './src/domain/book/tip-address.ts';
import { book } from './src/lib/site.ts';

const isDev = process.argv.includes('dev');
// Netlify's deploy contexts (production, deploy previews, branch deploys) get the deployed checks;
// a local build or dev server, including Netlify's own local tools (`netlify dev`, `netlify serve
// --context dev`: CONTEXT=dev), gets the local conveniences: generated secrets in .data/, which the
// functions read when the environment sets none (netlify/functions/_shared/env.ts).
const deployed = isDeployedContext(process.env['CONTEXT']);
if (!deployed) {
  const secrets = ensureLocalSecrets();
  if (process.env['CONTEXT'] === 'dev' && !isDev) console.log(adminPasswordBanner(secrets));
}

// https://docs.astro.build/en/reference/configuration-reference/
export default defineConfig({
  site: process.env['URL'] ?? 'http://localhost:8888',
  output: 'static',
  outDir: process.env['ASTRO_OUT_DIR'] ?? 'dist',
  trailingSlash: 'never',
  build: { format: 'file' },
  integrations: [
    react(),
    {
      // A deployed build stops unless the tip address in content/book.json (or SUPPORT_ADDRESS)
      // is valid and the site owner's own (docs/decisions/014).
      name: 'tip-address',
      hooks: {
        'astro:build:start': () => assertTipAddress(book.supportAddress, { deployed }),
      },
    },
  ],
  server: { port: 4321 },
  vite: {
    build: {
      rolldownOptions: {
        output: {
          // The React runtime as one file instead of five: the same code, fewer requests and a
          // better gzip ratio (issue 10: JS per island page). Pages without islands load none of it.
          codeSplitting: { groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/ }] },
        },
      },
    },
    plugins: [
      tailwindcss(),
      // Serves netlify/functions and Netlify Blobs on the dev server (npm run dev). The production
      // build is served by scripts/serve.ts with the same emulation (see docs/decisions/001).
      ...(isDev
        ? [
            netlify({
              database: { enabled: false },
              edgeFunctions: { enabled: false },
              images: { enabled: false },
              geolocation: { enabled: false },
              aiGateway: { enabled: false },
            }),
          ]
        : []),
    ],
  },
});
