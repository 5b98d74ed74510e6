import { expect, test } from '@playwright/test';
import { Playground, scenario } from './fixtures/playground';

const busy = scenario([
  ...Array.from({ length: 6 }, (_, i) => ({ at_ms: 0, do: 'send', by: 'S1', id: `order-${i + 1}`, body: `order #${i + 1}` })),
  { at_ms: 0, do: 'receive', by: 'R1', max: 2 },
  { at_ms: 0, do: 'receive', by: 'R2' },
  { at_ms: 10, do: 'dead_letter', by: 'R2', msg: 'order-3', reason: 'BadFormat', description: 'missing customer id' },
  { at_ms: 20, do: 'receive', by: 'R2' },
  { at_ms: 30, do: 'defer', by: 'R2', msg: 'order-4' },
  { at_ms: 40, do: 'schedule', by: 'S1', id: 'reminder', scheduled_enqueue_ms: 60000 },
], { lock_duration_ms: 30000 }, { title: 'A busy queue', description: 'Two receivers compete; one message was dead-lettered, one deferred, one scheduled.' });

for (const width of [375, 768, 1280, 1920]) {
  test(`the layout holds at ${width} px with nothing running off the side`, async ({ page }, info) => {
    await page.setViewportSize({ width, height: 900 });
    const p = new Playground(page);
    await p.open(busy);
    await p.clockButton('Play');
    await p.runFor(8_000);
    await p.clockButton('Pause');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    for (const name of ['Queue', 'Receiver R1', 'Receiver R2', 'Sender S1', 'Event log']) {
      await expect(p.region(name)).toBeVisible();
    }
    await page.waitForTimeout(350); // entry animations run on real time
    await page.screenshot({ path: info.outputPath(`playground-${width}.png`), fullPage: true });
  });
}

test('a thousand messages are summarised, not drawn one by one', async ({ page }) => {
  const p = new Playground(page);
  await p.open(scenario(Array.from({ length: 1000 }, (_, i) => ({ at_ms: 0, do: 'send', by: 'S1', id: `m${i}` }))));
  await expect(p.page.getByTestId('lane-available-count')).toHaveText('1000');
  await expect(p.laneItems('Available')).toHaveCount(40);
  await expect(p.region('Queue')).toContainText('+ 960 more');
});
