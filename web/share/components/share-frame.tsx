import { useEffect, type ReactNode } from 'react';
import type { ShopContact } from '@shared/schemas/inspection';
import type { ShareRoute } from '../lib/route';
import type { ShareData } from '../lib/use-share-data';
import { Letterhead } from './letterhead';
import type { ViewerPhoto } from '../lib/media';
import { MediaViewerProvider } from './media-viewer-context';
import { ErrorState, LoadingState, NotFoundState, OfflineBanner, OfflineState } from './page-states';
import { PageHeader } from './page-header';
import { Toaster, type ToastMessage } from './toast';
import type { Fact } from './facts';

type SharePage = Exclude<ShareRoute['page'], 'unknown'>;

/** Each page's tab title and the words of its loading and dead-link states. */
const PAGE_TEXT: Record<SharePage, { title: string; loading: string; notFoundTitle: string; notFoundText: string }> = {
  report: {
    title: 'Inspection Report',
    loading: 'Loading inspection report...',
    notFoundTitle: 'Inspection Not Found',
    notFoundText: "The inspection link you're looking for doesn't exist or has expired.",
  },
  invoice: {
    title: 'Invoice',
    loading: 'Loading invoice...',
    notFoundTitle: 'Invoice Not Found',
    notFoundText: "The invoice link you're looking for doesn't exist or has expired.",
  },
  receipt: {
    title: 'Receipt',
    loading: 'Loading receipt...',
    notFoundTitle: 'Receipt Not Found',
    notFoundText: "The receipt link you're looking for doesn't exist or has expired.",
  },
};

/** An expired link says so: the customer needs a new one from the shop, not a corrected address. */
const EXPIRED_TEXT: Record<SharePage, string> = {
  report: 'This inspection link has expired.',
  invoice: 'This invoice link has expired.',
  receipt: 'This receipt link has expired.',
};

export interface ShareFrameProps<T> {
  page: SharePage;
  state: ShareData<T>;
  retry: () => void;
  /** The page's toast slot, on the pages where the customer decides. */
  toaster?: { toast: ToastMessage | null; dismiss: () => void };
  /** The loaded page; `banner` goes at its top while the connection is down. */
  children: (data: T, view: { banner: ReactNode; offline: boolean }) => ReactNode;
}

/** What every share page shows until its data is there: loading, a dead link, no connection, an error. */
export function ShareFrame<T>({ page, state, retry, toaster, children }: ShareFrameProps<T>) {
  const text = PAGE_TEXT[page];
  useEffect(() => {
    document.title = text.title;
  }, [text.title]);

  let content: ReactNode;
  if (state.status === 'loading') content = <LoadingState text={text.loading} />;
  else if (state.status === 'not-found' && state.expired)
    content = <NotFoundState title="Link Expired" text={EXPIRED_TEXT[page]} shop={state.shop} />;
  else if (state.status === 'not-found')
    content = <NotFoundState title={text.notFoundTitle} text={text.notFoundText} shop={state.shop} />;
  else if (state.status === 'offline') content = <OfflineState onRetry={retry} />;
  else if (state.status === 'error') content = <ErrorState onRetry={retry} />;
  else {
    const offline = state.offline === true;
    content = children(state.data, { banner: offline ? <OfflineBanner onRetry={retry} /> : null, offline });
  }
  return (
    <>
      {content}
      {toaster ? <Toaster toast={toaster.toast} dismiss={toaster.dismiss} /> : null}
    </>
  );
}

export interface ShareSheetProps {
  photos: ViewerPhoto[];
  banner: ReactNode;
  shop: ShopContact;
  /** The product's name above the shop's (the receipt). */
  showProduct?: boolean;
  className?: string;
  title: string;
  number: string;
  facts: Fact[];
  /** Under the facts: the status banner. */
  status?: ReactNode;
  children: ReactNode;
}

/** The letter a share page is: its photos for the viewer, the shop's letterhead, then the document's title block. */
export function ShareSheet({
  photos,
  banner,
  shop,
  showProduct,
  className = 'sheet',
  title,
  number,
  facts,
  status,
  children,
}: ShareSheetProps) {
  return (
    <MediaViewerProvider photos={photos}>
      <main className={className}>
        {banner}
        <Letterhead shop={shop} showProduct={showProduct} />
        <PageHeader title={title} number={number} facts={facts}>
          {status}
        </PageHeader>
        {children}
      </main>
    </MediaViewerProvider>
  );
}
