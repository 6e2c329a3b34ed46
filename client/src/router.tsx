import { type CurrentUser, STATS_RANGE_DEFAULT } from '@enclave/protocol';
import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  type RouterHistory,
} from '@tanstack/react-router';
import { adminStatsQuery, adminUsersQuery } from './admin/admin-queries.ts';
import { protectedPage } from './auth/protected-route.tsx';
import { ErrorFallback } from './components/error-fallback.tsx';
import { PageSpinner } from './components/page-spinner.tsx';
import { categoriesQuery, categoryQuery, threadPagesQuery, threadsQuery } from './forum/forum-queries.ts';
import { AppShell } from './layout/app-shell.tsx';
import { memberQuery } from './members/member-queries.ts';
import { messageListQuery, unreadCountQuery } from './messages/message-queries.ts';
import { notificationsQuery } from './notifications/notification-queries.ts';
import { parseAdminSearch } from './routes/admin-tabs.ts';
import { NotFoundPage } from './routes/not-found-page.tsx';
import { parseProfileSearch } from './routes/profile-tabs.ts';
import { recordIdOf } from './routes/record-id.ts';
import { sessionQuery } from './session/use-session.ts';
import { threadQuery } from './thread/thread-queries.ts';
import { paymentCurrenciesQuery, paymentPackagesQuery } from './wallet/wallet-cache.ts';
import { parseWalletSearch } from './wallet/wallet-search.ts';

/**
 * The loaders ask for what a page shows first while its code loads, instead of once it has rendered; they wait
 * for nothing, so the page renders (and shows its loading state) as before, and its queries find the answers under
 * way.
 */
/**
 * Runs `then` with the signed-in member once the session has answered (the page's HTML preloads it): for a loader's
 * reads that depend on who is there. A visitor runs nothing.
 */
const withMember = (queryClient: QueryClient, then: (member: CurrentUser) => void) =>
  void queryClient.prefetchQuery(sessionQuery).then(() => {
    const member = queryClient.getQueryData(sessionQuery.queryKey);
    if (member) then(member);
  });

const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: AppShell,
  notFoundComponent: () => <NotFoundPage />,
  loader: ({ context: { queryClient } }) => {
    // A verified member's header shows the unread badge and the bell's count on every page: asked for as soon as
    // the session answers, so the first render has them (the page's HTML preloads them for such a member, pages.ts).
    withMember(queryClient, (member) => {
      if (!member.isEmailVerified) return;
      void queryClient.prefetchQuery(unreadCountQuery);
      void queryClient.prefetchQuery(notificationsQuery);
    });
  },
});

const forumLoader = ({ context }: { context: { queryClient: QueryClient } }) => {
  void context.queryClient.prefetchQuery(categoriesQuery);
  void context.queryClient.prefetchQuery(threadsQuery({}));
};

/** Spec 000 §2 and 001 §2 route tables; every page is its own chunk, member pages behind the protected-route gate. */
const routeTree = rootRoute.addChildren([
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    loader: forumLoader,
    component: lazyRouteComponent(() => import('./routes/home-page.tsx'), 'HomePage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/forums',
    loader: forumLoader,
    component: lazyRouteComponent(() => import('./routes/home-page.tsx'), 'HomePage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/auth',
    component: lazyRouteComponent(() => import('./routes/auth-page.tsx'), 'AuthPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/thread/$id',
    beforeLoad: ({ params }) => void recordIdOf(params.id),
    loader: ({ context, params }) => {
      void context.queryClient.prefetchQuery(threadQuery(recordIdOf(params.id)));
    },
    component: lazyRouteComponent(() => import('./routes/thread-page.tsx'), 'ThreadPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/category/$id',
    // The category and its first page of threads at once: asked for by the page, the threads waited for the
    // category's answer, and each answer rendered the page again in one piece after the first screen.
    loader: ({ context: { queryClient }, params }) => {
      const id = Number(params.id);
      if (!Number.isInteger(id) || id <= 0) return;
      void queryClient.prefetchQuery(categoryQuery(id));
      void queryClient.prefetchInfiniteQuery(threadPagesQuery({ categoryId: id }));
    },
    component: lazyRouteComponent(() => import('./routes/category-page.tsx'), 'CategoryPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/edit-thread/$id',
    beforeLoad: ({ params }) => void recordIdOf(params.id),
    // The category choices and, once the session shows an editor (anyone else is sent away, reading nothing), the
    // thread come with the page's code (ABILITY_READS, pages.ts).
    loader: ({ context: { queryClient }, params }) => {
      void queryClient.prefetchQuery(categoriesQuery);
      withMember(queryClient, (member) => {
        if (member.abilities.canEditThreads) void queryClient.prefetchQuery(threadQuery(recordIdOf(params.id)));
      });
    },
    component: protectedPage(lazyRouteComponent(() => import('./routes/edit-thread-page.tsx'), 'EditThreadPage')),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/messages',
    // The newest messages with the page's code: asked for as the list mounted, they came after the first screen.
    loader: ({ context: { queryClient } }) => void queryClient.prefetchQuery(messageListQuery(queryClient)),
    component: protectedPage(lazyRouteComponent(() => import('./routes/messages-page.tsx'), 'MessagesPage')),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/wallet',
    validateSearch: parseWalletSearch,
    // The purchase form's packages and currencies (public reads) come with the page: asked for as the form mounted,
    // they answered after the first screen, and the form taking the place of its loading rows moved the page below.
    loader: ({ context: { queryClient } }) => {
      void queryClient.prefetchQuery(paymentPackagesQuery);
      void queryClient.prefetchQuery(paymentCurrenciesQuery);
    },
    component: protectedPage(lazyRouteComponent(() => import('./routes/wallet-page.tsx'), 'WalletPage')),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/profile',
    validateSearch: parseProfileSearch,
    component: protectedPage(lazyRouteComponent(() => import('./routes/profile-page.tsx'), 'ProfilePage')),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/admin',
    validateSearch: parseAdminSearch,
    // The stat cards and, on the users panel (the console's first), the members: asked for with the page's code once
    // the session says a staff member is there (anyone else is sent away), instead of as each part mounted. The
    // page's HTML preloads them for staff (ABILITY_READS, pages.ts).
    loaderDeps: ({ search }) => ({ tab: search.tab }),
    loader: ({ context: { queryClient }, deps }) => {
      withMember(queryClient, (member) => {
        // Staff who must add a second factor first are refused every staff read (issue #27).
        if (!member.abilities.canModerate || member.mustAddSecondFactor) return;
        void queryClient.prefetchQuery(adminStatsQuery(STATS_RANGE_DEFAULT));
        if (deps.tab === 'users') void queryClient.prefetchInfiniteQuery(adminUsersQuery);
      });
    },
    component: protectedPage(
      lazyRouteComponent(() => import('./routes/admin-page.tsx'), 'AdminPage'),
      'staff',
    ),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/transactions',
    component: protectedPage(lazyRouteComponent(() => import('./routes/transactions-page.tsx'), 'TransactionsPage')),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/member/$id',
    beforeLoad: ({ params }) => void recordIdOf(params.id),
    loader: ({ context, params }) => void context.queryClient.prefetchQuery(memberQuery(recordIdOf(params.id))),
    component: lazyRouteComponent(() => import('./routes/member-page.tsx'), 'MemberPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/privacy',
    component: lazyRouteComponent(() => import('./routes/privacy-page.tsx'), 'PrivacyPage'),
  }),
]);

export function createAppRouter(queryClient: QueryClient, options: { history?: RouterHistory } = {}) {
  return createRouter({
    routeTree,
    context: { queryClient },
    history: options.history,
    defaultPendingComponent: PageSpinner,
    defaultErrorComponent: ErrorFallback,
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
