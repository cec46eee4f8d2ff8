// What the editor shows for a domain without a saved landing page: a small page to start from.
import type { LandingParts } from './landing-size';

export function starterLanding(hostname: string): LandingParts {
  return {
    html: `<main>
  <h1>${hostname.replace(/[<>&"]/g, '')}</h1>
  <p>Short links by our team. Looking for something? <a href="https://example.com">Visit our site</a>.</p>
  <p id="greeting"></p>
</main>
`,
    css: `body {
  margin: 0;
  min-height: 100vh;
  display: grid;
  place-items: center;
  font-family: system-ui, sans-serif;
  background: #f7f7f8;
  color: #16181d;
}
main { max-width: 36rem; padding: 2rem; text-align: center; }
h1 { font-size: 2.2rem; letter-spacing: -0.02em; }
a { color: #4f46e5; }
`,
    js: `const greeting = document.getElementById('greeting');
const hour = new Date().getHours();
if (greeting) greeting.textContent = hour < 12 ? 'Good morning!' : hour < 18 ? 'Good afternoon!' : 'Good evening!';
`,
  };
}
