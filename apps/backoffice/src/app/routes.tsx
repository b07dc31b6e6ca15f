import type { RouteObject } from 'react-router';
import { LoginScreen } from '../features/auth/LoginScreen';
import { Shell } from './Shell';

/** Screens load lazily: a phone and a desktop use the same routes. */
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginScreen /> },
  {
    path: '/enrol',
    lazy: async () => ({ Component: (await import('../features/security/EnrolScreen')).EnrolScreen }),
  },
  {
    path: '/',
    element: <Shell />,
    children: [
      {
        index: true,
        lazy: async () => ({
          Component: (await import('../features/dashboard/DashboardScreen')).DashboardScreen,
        }),
      },
      {
        path: 'members',
        lazy: async () => ({ Component: (await import('../features/members/MembersScreen')).MembersScreen }),
      },
      {
        path: 'reports/winloss',
        lazy: async () => ({ Component: (await import('../features/reports/WinLossScreen')).WinLossScreen }),
      },
      {
        path: 'reports/outstanding',
        lazy: async () => ({
          Component: (await import('../features/reports/OutstandingScreen')).OutstandingScreen,
        }),
      },
      {
        path: 'reports/tickets',
        lazy: async () => ({ Component: (await import('../features/reports/TicketsScreen')).TicketsScreen }),
      },
      {
        path: 'reports/rounds',
        lazy: async () => ({ Component: (await import('../features/reports/RoundsScreen')).RoundsScreen }),
      },
      {
        path: 'reports/cancelled',
        lazy: async () => ({
          Component: (await import('../features/reports/CancelledScreen')).CancelledScreen,
        }),
      },
      {
        path: 'risk',
        lazy: async () => ({ Component: (await import('../features/risk/RiskScreen')).RiskScreen }),
      },
      {
        path: 'security',
        lazy: async () => ({
          Component: (await import('../features/security/SecurityScreen')).SecurityScreen,
        }),
      },
      {
        path: 'presets',
        lazy: async () => ({ Component: (await import('../features/presets/PresetsScreen')).PresetsScreen }),
      },
      {
        path: 'staff',
        lazy: async () => ({ Component: (await import('../features/staff/StaffScreen')).StaffScreen }),
      },
      {
        path: 'brands',
        lazy: async () => ({ Component: (await import('../features/brands/BrandsScreen')).BrandsScreen }),
      },
      {
        path: 'audit',
        lazy: async () => ({ Component: (await import('../features/audit/AuditScreen')).AuditScreen }),
      },
      {
        path: 'messages',
        lazy: async () => ({
          Component: (await import('../features/messages/MessagesScreen')).MessagesScreen,
        }),
      },
    ],
  },
];
