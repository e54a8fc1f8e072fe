/** Banner images drawn at first start by svc-media (no outside host is needed). */
export interface DemoBanner {
  id: string;
  alt: string;
  /** Two colours of the gradient and the accent shapes. */
  palette: [from: string, to: string, accent: string];
  order: number;
}

export const demoBanners: DemoBanner[] = [
  { id: 'banner-fresh-greens', alt: 'Fresh greens and grain bowls laid out for the week', palette: ['#14532d', '#65a30d', '#fde68a'], order: 1 },
  { id: 'banner-sunrise-kitchen', alt: 'Meal prep containers on a sunlit kitchen counter', palette: ['#9a3412', '#f59e0b', '#fef3c7'], order: 2 },
  { id: 'banner-coastal-table', alt: 'Grilled fish and vegetables ready for delivery', palette: ['#0c4a6e', '#0ea5e9', '#e0f2fe'], order: 3 },
  { id: 'banner-harvest-spread', alt: 'Roasted vegetables and lentils portioned into boxes', palette: ['#4c1d95', '#db2777', '#fce7f3'], order: 4 },
];
