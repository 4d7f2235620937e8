// The content desk's settings on the wire (GET/POST /api/admin/settings).
import type { EditorSettings } from './settings.ts';

export const presentSettings = (s: EditorSettings) => ({
  common_config: s.common_config,
  quality_inspection: s.quality_inspection,
  operator: s.operator,
  hot_words: s.hotWords,
  nav: s.nav.map((n) => ({ name: n.name, url: n.url, is_open: n.isOpen ? 1 : 0 })),
});
