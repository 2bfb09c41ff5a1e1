import { describe, expect, it, vi } from 'vitest';
import { createFailureCounter, StatusSummary, toMaintenanceNotice } from './maintenance.ts';

const summary = (maintenances: unknown[]) =>
  StatusSummary.parse({ page: {}, status: {}, scheduled_maintenances: maintenances });

describe('maintenance notice from the status summary', () => {
  it('is empty without a maintenance in progress', () => {
    expect(toMaintenanceNotice(summary([]))).toEqual({ activeMaintenance: null });
    expect(
      toMaintenanceNotice(
        summary([{ id: '1', name: 'n', status: 'scheduled', impact: 'critical', shortlink: 'https://s' }]),
      ),
    ).toEqual({ activeMaintenance: null });
  });

  it('is blocking only for critical impact', () => {
    const item = { id: '1', name: 'n', status: 'in_progress', shortlink: 'https://s/1' };
    expect(toMaintenanceNotice(summary([{ ...item, impact: 'maintenance' }]))).toEqual({
      activeMaintenance: { url: 'https://s/1', isBlocking: false },
    });
    expect(
      toMaintenanceNotice(summary([{ ...item, impact: 'critical' }])).activeMaintenance?.isBlocking,
    ).toBe(true);
  });

  it('reports polling failures only after more than 5 in a row', () => {
    const report = vi.fn();
    const counter = createFailureCounter(report);
    for (let i = 0; i < 5; i++) counter.failure(new Error('down'));
    expect(report).not.toHaveBeenCalled();
    counter.failure(new Error('down'));
    expect(report).toHaveBeenCalledOnce();
    counter.success();
    counter.failure(new Error('down'));
    expect(report).toHaveBeenCalledOnce();
  });
});
