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

/** The member as GET /api/user/base returns it (SPEC 3); a visitor gets `{show: true}` only. */
export interface UserRecord {
  show: boolean;
  username?: string;
  name?: string;
  phone?: string;
  company?: string;
  face?: string;
  rank?: number;
  admin?: { name: string; phone: string; phone_1: string; is_default: boolean } | null;
  address?: string;
  is_passed?: boolean;
  points?: number;
  cart?: number;
  message_count?: number;
  wechat?: boolean;
  common_config?: { hot_line: string; qq1: string; qq2: string };
  quality_inspection?: { quality_inspection_url: string; msg: string };
  login_url?: string;
  is_show_youx?: boolean;
  is_special?: boolean;
  is_can_chat?: boolean;
  token?: string;
  is_AfterSale?: boolean;
  invited_codes?: string;
}
