import { describe, expect, it } from 'vitest';
import { breadcrumbItems } from './breadcrumb-items';

describe('breadcrumbItems', () => {
  it('is HOME alone on the home page', () => {
    expect(breadcrumbItems('/', 'HOME')).toEqual([{ label: 'HOME', to: '/' }]);
  });

  it('upper-cases every segment and links each to the path up to it', () => {
    expect(breadcrumbItems('/shared/hr-services/leave/my-leaves', 'HOME')).toEqual([
      { label: 'HOME', to: '/' },
      { label: 'SHARED', to: '/shared' },
      { label: 'HR-SERVICES', to: '/shared/hr-services' },
      { label: 'LEAVE', to: '/shared/hr-services/leave' },
      { label: 'MY-LEAVES', to: '/shared/hr-services/leave/my-leaves' },
    ]);
  });

  it('decodes escaped segments, keeps malformed ones and skips empty ones', () => {
    expect(breadcrumbItems('/announcements/caf%C3%A9%20news/', 'HOME').map((item) => item.label)).toEqual([
      'HOME',
      'ANNOUNCEMENTS',
      'CAFÉ NEWS',
    ]);
    expect(breadcrumbItems('/shared//bad%E0', 'HOME')).toEqual([
      { label: 'HOME', to: '/' },
      { label: 'SHARED', to: '/shared' },
      { label: 'BAD%E0', to: '/shared/bad%E0' },
    ]);
  });

  it('uses the home label it is given (translated by the caller)', () => {
    expect(breadcrumbItems('/profile', 'LAMAN UTAMA')[0]).toEqual({ label: 'LAMAN UTAMA', to: '/' });
  });
});
