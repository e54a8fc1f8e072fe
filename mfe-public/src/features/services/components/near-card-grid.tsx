import type { NearCard } from '@mealprep/contracts';
import { formatMiles, type NearReach } from '@mealprep/contracts/browser';
import { ServiceCard } from './service-card';

/** How a card says it reaches the visitor. */
function reachText(card: Pick<NearCard, 'reach' | 'distanceMiles' | 'city' | 'state'>): string {
  const away = card.distanceMiles === null ? '' : formatMiles(card.distanceMiles);
  const texts: Record<NearReach, string> = {
    delivers: away ? `${away} · Delivers to you` : 'Delivers to you',
    pickup: away ? `Pickup ${away} away` : 'Pickup',
    ships: away ? `${away} · Ships to you` : 'Ships to you',
    nearby: away ? `${away} away` : 'Nearby',
  };
  return texts[card.reach];
}

/** Service cards each saying how far the service is and how it reaches the place. */
export function NearCardGrid({ cards, labelForMealType, busy = false }: { cards: NearCard[]; labelForMealType?: (slug: string) => string; busy?: boolean }) {
  return (
    <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-busy={busy || undefined}>
      {cards.map((card) => (
        <li key={card.id}>
          <ServiceCard service={card} labelForMealType={labelForMealType} note={reachText(card)} />
        </li>
      ))}
    </ul>
  );
}
