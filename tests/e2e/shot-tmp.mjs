import { chromium } from '@playwright/test';
const b = await chromium.launch({executablePath:'/usr/bin/chromium', args:['--no-sandbox']});
const combos = [['en','light',1280],['cs','dark',1280],['ru','light',1280],['zh-Hans','dark',1280],['en','dark',375],['cs','light',375],['ru','dark',375],['zh-Hans','light',375]];
for (const [lang, theme, w] of combos) {
  const p = await b.newPage({viewport:{width:w,height:800}});
  p.on('pageerror', e => console.log('err', e.message));
  await p.goto(`http://127.0.0.1:8792/docs/playground/?preset=poison-message&lang=${lang}&theme=${theme}&autoplay=1&paused=1`);
  await p.locator('section.scenario-intro p').waitFor({timeout: 20000});
  await p.waitForTimeout(600);
  // jump near the end via keyboard? just wait a few seconds of play
  await p.waitForTimeout(4000);
  await p.screenshot({path:`/tmp/t-${lang}-${theme}-${w}.png`});
  await p.close();
}
await b.close();
