// Shapes of API answers that both the server and the islands use; one definition each.

/** A delivery address as GET /api/user/address returns it. */
export interface AddressView {
  id: number;
  consignee: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  detail: string;
  full_address: string;
  is_default: boolean;
}

/** One store of a multi-store login (/ddgl). */
export interface StoreView {
  id: number;
  name: string;
  type_name: string;
  address: string;
  is_passed: boolean;
  is_current: boolean;
  contract_signed: boolean;
  licence_expired: boolean;
  licence_expiring: number;
}
