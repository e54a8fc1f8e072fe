import { useMealTypeLabel } from '../features/meal-types/hooks/use-meal-type-label';
import { ServiceGrid, type ServiceGridProps } from '../features/services/components/service-grid';

/** A service grid whose cards name meal types as the meal-types area does. */
export function LabelledServiceGrid(props: Omit<ServiceGridProps, 'labelForMealType'>) {
  const labelForMealType = useMealTypeLabel();
  return <ServiceGrid {...props} labelForMealType={labelForMealType} />;
}
