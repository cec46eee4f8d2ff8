// Small built-in lists the heuristics use: brands phishing pages imitate most (with the domains
// they really use), and public URL shorteners (a link through one hides its real destination).

/** brand name → registrable domains that are really the brand's. */
export const BRANDS: Record<string, string[]> = {
  paypal: ['paypal.com', 'paypal.me'],
  apple: ['apple.com', 'icloud.com'],
  icloud: ['icloud.com', 'apple.com'],
  google: ['google.com', 'youtube.com', 'gmail.com'],
  gmail: ['gmail.com', 'google.com'],
  microsoft: ['microsoft.com', 'live.com', 'office.com', 'microsoftonline.com'],
  office365: ['office.com', 'microsoft.com'],
  outlook: ['outlook.com', 'live.com', 'office.com'],
  amazon: ['amazon.com', 'amazon.co.uk', 'amazon.de', 'amazon.fr', 'amazon.co.jp', 'amazon.in'],
  facebook: ['facebook.com', 'fb.com'],
  instagram: ['instagram.com'],
  whatsapp: ['whatsapp.com'],
  netflix: ['netflix.com'],
  linkedin: ['linkedin.com'],
  dropbox: ['dropbox.com'],
  github: ['github.com'],
  chase: ['chase.com'],
  wellsfargo: ['wellsfargo.com'],
  bankofamerica: ['bankofamerica.com'],
  coinbase: ['coinbase.com'],
  binance: ['binance.com'],
  metamask: ['metamask.io'],
  steam: ['steampowered.com', 'steamcommunity.com'],
  dhl: ['dhl.com', 'dhl.de'],
  fedex: ['fedex.com'],
};

export const SHORTENER_HOSTS = new Set([
  'bit.ly', 'bitly.com', 'tinyurl.com', 't.co', 'goo.gl', 'ow.ly', 'is.gd', 'v.gd', 'buff.ly', 'rebrand.ly', 'cutt.ly',
  'shorturl.at', 'rb.gy', 't.ly', 'tiny.cc', 's.id', 'bl.ink', 'short.io', 'lnkd.in', 'dub.sh', 'tiny.one', 'shorte.st',
  'adf.ly', 'bc.vc', 'ouo.io', 'clck.ru', 'qr.ae', 'soo.gd', 'trib.al', 'x.co', 'rotf.lol', 'urlz.fr', 'y2u.be',
]);
