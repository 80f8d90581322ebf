import { useCurrentRoute } from '../../app/current-route.ts';
import { PageHeading } from '../../components/PageHeading.tsx';

/**
 * A screen that is routed, guarded and titled but not built yet: its heading and an empty area.
 * Later issues replace it route by route in app/screens.tsx.
 */
export function ScreenPlaceholder() {
  const route = useCurrentRoute();
  return (
    <section className="screen" data-screen={route?.name}>
      <PageHeading title={route?.title ?? ''} />
      <div className="screen__area" data-testid="screen-area" />
    </section>
  );
}
