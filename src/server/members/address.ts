/** "省 市 详细地址", leaving out a part the detail already starts with ("武汉市洪山区…"). */
export function fullAddress(province: string, city: string, detail: string): string {
  const parts: string[] = [];
  if (province && !detail.startsWith(province)) parts.push(province);
  if (city && !detail.startsWith(city)) parts.push(city);
  if (detail) parts.push(detail);
  return parts.join(' ');
}
