// 经营范围: the drug classes a buyer's licence lets it purchase. An operator may set them on review;
// otherwise the approval of the store's required licence grants the usual scope of its type.
import { DRUG_CLASSES, type DrugClass } from './drugClass.ts';

export const DEFAULT_SCOPE: Readonly<
  Record<'pharmacy' | 'clinic' | 'hospital' | 'wholesaler', readonly DrugClass[]>
> = {
  pharmacy: ['otc_a', 'otc_b', 'rx', 'herb', 'device_1', 'device_2', 'health_food'],
  clinic: ['rx', 'otc_a', 'otc_b', 'device_1', 'device_2', 'device_3'],
  hospital: ['rx', 'otc_a', 'otc_b', 'herb', 'device_1', 'device_2', 'device_3'],
  wholesaler: [...DRUG_CLASSES],
};
