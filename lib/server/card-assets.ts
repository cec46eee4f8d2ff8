// GET /_og/<code>.png on a short link's domain: the image link-preview bots fetch as og:image — the
// link's uploaded image, else its generated card (render-card.ts, in the CPU pool). Only links with
// a preview have one (others: not handled, so the host's 404). Answers are kept in memory (an LRU
// bounded by bytes) under the preview's version, with an ETag; renders not yet kept are
// rate-limited per client address, and concurrent requests for one card share one render.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import { linkKey } from '../cache/invalidation-bus';
import type { Db } from '../db/types';
import type { LinkCache } from '../edge/link-cache';
import { clientIp } from '../edge/client-ip';
import { AppError } from '../core/errors';
import { sendJson } from '../http/node-answers';
import { createWindowLimiter, type WindowLimiter } from '../ratelimit/window-limiter';
import { runCpuTask } from '../runtime/run-cpu-task';
import { renderPreviewCardTask } from '../previews/preview-tasks';
import type { EdgePreview } from '../previews/edge-preview';
import { findUploadedImage } from '../previews/link-preview-store';
import { parsePreviewAssetPath } from '../previews/preview-urls';

export interface PreviewAssetsOptions {
  cache: LinkCache;
  db: Db;
  trustProxy: boolean | number;
  /** Bytes of images kept in memory (default 32 MiB). */
  maxBytes?: number;
  /** Renders (cache misses) per client address; default 30 a minute. */
  limiter?: WindowLimiter;
}

interface Image {
  type: string;
  data: Buffer;
}

export type PreviewAssetHandler = (req: IncomingMessage, res: ServerResponse, domain: { id: number }) => boolean | Promise<boolean>;

export function createPreviewAssets(opts: PreviewAssetsOptions): PreviewAssetHandler {
  const kept = new LRUCache<string, Image>({ maxSize: opts.maxBytes ?? 32 * 1024 * 1024, sizeCalculation: (i) => i.data.length + 64 });
  const inflight = new Map<string, Promise<Image | undefined>>();
  const limiter = opts.limiter ?? createWindowLimiter({ name: 'og-render', windows: [{ points: 30, durationSec: 60 }], subject: 'preview images' });

  async function image(req: IncomingMessage, linkId: number, preview: EdgePreview, etag: string): Promise<Image | undefined> {
    const hit = kept.get(etag);
    if (hit) return hit;
    let pending = inflight.get(etag);
    if (!pending) {
      await limiter.consume(clientIp(req, opts.trustProxy));
      pending = (async () => {
        if (preview.uploaded) {
          const found = await findUploadedImage(opts.db, linkId);
          return found && { type: found.type, data: found.data };
        }
        const png = await runCpuTask(renderPreviewCardTask, { title: preview.title, description: preview.description, domain: preview.host });
        return { type: 'image/png', data: Buffer.from(png.buffer, png.byteOffset, png.byteLength) };
      })()
        .then((img) => {
          if (img) kept.set(etag, img);
          return img;
        })
        .finally(() => inflight.delete(etag));
      inflight.set(etag, pending);
    }
    return pending;
  }

  async function answer(req: IncomingMessage, res: ServerResponse, domain: { id: number }, code: string): Promise<boolean> {
    const key = linkKey(domain.id, code);
    const entry = opts.cache.peek(key, Date.now()) ?? (await opts.cache.load(key, domain, code));
    if (entry.kind !== 'link' || entry.preview === null || entry.state === 'disabled' || entry.state === 'blocked') return false;
    const preview = entry.preview;
    const etag = `"og-${entry.id}-${preview.uploaded ? 'u' : 'g'}-${preview.version}"`;
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { ETag: etag, 'Cache-Control': 'public, max-age=600' });
      res.end();
      return true;
    }
    let img: Image | undefined;
    try {
      img = await image(req, entry.id, preview, etag);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      sendJson(res, err.status, err.toBody(), err.headers);
      return true;
    }
    if (!img) return false;
    res.writeHead(200, {
      'Content-Type': img.type,
      'Content-Length': String(img.data.length),
      'Cache-Control': 'public, max-age=600',
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
    });
    res.end(req.method === 'HEAD' ? undefined : img.data);
    return true;
  }

  return (req, res, domain) => {
    const code = parsePreviewAssetPath(req.url);
    if (code === null) return false;
    return answer(req, res, domain, code);
  };
}
