import { expect, test } from '@playwright/test';
import { Playground, scenario } from './fixtures/playground';

const two = scenario([
  { at_ms: 0, do: 'send', by: 'S1', id: 'm1' },
  { at_ms: 0, do: 'send', by: 'S1', id: 'm2' },
]);

test('receive-and-delete removes the message at once; peek-lock locks it', async ({ page }) => {
  const p = new Playground(page);
  await p.open(two);
  await p.receive('R1', { mode: 'Receive and delete' });
  await expect(p.receiver('R1')).toContainText('Received and deleted: m1 (seq 1, delivery 1)');
  await expect(p.heldItem('m1')).toHaveCount(0);
  await expect(p.laneItems('Locked')).toHaveCount(0);
  await expect(p.laneItems('Available')).toHaveCount(1);
  await expect(p.log()).toContainText('received m1 in receive-and-delete mode: it is gone from the queue');
  await p.receive('R1', { mode: 'Peek-lock' });
  await expect(p.heldItem('m2')).toContainText('delivery 1');
  await expect(p.laneItems('Locked').first()).toContainText('m2');
});

test('peek shows messages without locking them or counting a delivery', async ({ page }) => {
  const p = new Playground(page);
  await p.open(two);
  await p.button(p.receiver('R1'), 'Peek').click();
  await expect(p.receiver('R1')).toContainText('Peeked: m1 (seq 1, delivery count 0), m2 (seq 2, delivery count 0)');
  await expect(p.laneItems('Locked')).toHaveCount(0);
  await expect(p.laneItems('Available')).toHaveCount(2);
});

test('defer hides the message; receive deferred by sequence number gets it back', async ({ page }) => {
  const p = new Playground(page);
  await p.open(two);
  await p.receive('R1');
  await p.settle('m1', 'Defer');
  await expect(p.laneItems('Deferred').first()).toContainText('m1');
  await expect(p.log()).toContainText('R1 deferred m1: set aside until someone receives seq 1 by number (delivery count 1 of 3)');
  await p.receive('R1');
  await expect(p.heldItem('m2')).toBeVisible();
  await p.receive('R1');
  await expect(p.log()).toContainText('R1 asked for a message: nothing was available.');
  const r = await p.more('R1');
  await r.getByLabel('Deferred sequence numbers').fill('1');
  await p.button(r, 'Receive deferred').click();
  await expect(p.heldItem('m1')).toContainText('delivery 2');
  await expect(p.heldItem('m1')).toContainText('deferred');
  await p.settle('m1', 'Complete');
  await expect(p.laneItems('Deferred')).toHaveCount(0);
});

test('receive deferred of an unknown sequence number shows MessageNotFound where it happened', async ({ page }) => {
  const p = new Playground(page);
  await p.open(two);
  const r = await p.more('R1');
  await r.getByLabel('Deferred sequence numbers').fill('9');
  await p.button(r, 'Receive deferred').click();
  await expect(r.getByRole('alert')).toContainText('MessageNotFound');
});

test('receiving from the dead-letter queue, and close keeping the locks until they expire (format v1.1)', async ({ page }) => {
  const p = new Playground(page);
  await p.open(two);
  await p.receive('R1');
  await p.settle('m1', 'Dead-letter');
  await p.receive('R1', { dlq: true });
  await expect(p.heldItem('m1')).toContainText('from DLQ');
  await p.receive('R1');
  const r = await p.more('R1');
  await p.button(r, 'Close').click();
  await expect(p.log()).toContainText(/R1 closed its receiver; m2 stays locked until [\d.]+ s: nobody can take it until then, and R1 can no longer settle it\./);
  await expect(p.log()).toContainText('R1 closed its dead-letter receiver; m1 stays locked until');
  await expect(p.laneItems('Dead-letter queue').first()).toContainText('locked by R1');
});
