import { expect, test } from '@playwright/test';
import { Playground } from './fixtures/playground';

test('send then receive moves the message from the queue to the receiver', async ({ page }) => {
  const p = new Playground(page);
  await p.open();
  await expect(p.lane('Available').getByRole('listitem')).toHaveCount(0);

  await p.send();
  const available = p.lane('Available').getByRole('listitem');
  await expect(available).toHaveCount(1);
  await expect(available.first()).toContainText('m1');
  await expect(available.first()).toContainText('delivery count 0');

  await p.receive('R1');
  await expect(available).toHaveCount(0);
  const held = p.held('R1').getByRole('listitem');
  await expect(held).toHaveCount(1);
  await expect(held.first()).toContainText('m1');
  await expect(held.first()).toContainText('delivery 1');
  await expect(p.lane('Locked').getByRole('listitem').first()).toContainText('locked by R1');
  await expect(page.getByRole('region', { name: 'Event log' })).toContainText('R1 received m1 (delivery 1)');
});

test('an unsettled lock expires in virtual time and the message comes back', async ({ page }) => {
  const p = new Playground(page);
  await p.open();
  await p.send();
  await p.receive('R1');
  await expect(p.held('R1')).toContainText('lock 30.0 s');
  await p.runFor(10_000);
  // The timer counts down in virtual time (a static label would still say 30.0 s).
  await expect(p.held('R1').getByRole('timer')).toContainText(/lock 19\.[89] s|lock 20\.0 s/);
  await p.runFor(21_000);
  await expect(p.lane('Available').getByRole('listitem')).toHaveCount(1);
  await expect(p.lane('Available')).toContainText('delivery count 1');
  await expect(page.getByRole('region', { name: 'Event log' })).toContainText("m1's lock expired before R1 settled it");
});
