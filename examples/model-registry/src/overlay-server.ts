import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WhatsOnChain } from '@bsv/sdk'
import { TOPIC } from './topic-manager.ts'
import { SERVICE } from './lookup-service.ts'
import { HttpError, ModelRegistryOverlay } from './overlay.ts'

// A small overlay host for one topic and one lookup service: BRC-22 submissions (POST /submit,
// as the SDK's TopicBroadcaster sends them) and BRC-24 lookups (POST /lookup, as LookupResolver
// asks), answered by ModelRegistryOverlay (overlay.ts).

async function readBody (req: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > limit) throw new HttpError(413, 'body too large')
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

export function createOverlayServer (overlay: ModelRegistryOverlay): ReturnType<typeof createServer> {
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const send = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    }
    const route = `${req.method ?? ''} ${new URL(req.url ?? '/', 'http://x').pathname}`
    if (route === 'POST /submit') {
      let topics: unknown
      try { topics = JSON.parse(String(req.headers['x-topics'] ?? '')) } catch { topics = undefined }
      if (!Array.isArray(topics) || !topics.every(t => typeof t === 'string')) throw new HttpError(400, 'X-Topics must be a JSON array of topic names')
      const body = await readBody(req, 10 * 1024 * 1024)
      send(200, await overlay.submit(Array.from(body), topics))
    } else if (route === 'POST /lookup') {
      let question: { service?: unknown, query?: unknown }
      try {
        question = JSON.parse((await readBody(req, 64 * 1024)).toString('utf8')) as { service?: unknown, query?: unknown }
      } catch (err) {
        if (err instanceof HttpError) throw err
        throw new HttpError(400, 'body must be JSON')
      }
      send(200, overlay.lookup(question.service, question.query))
    } else if (route === 'GET /listTopicManagers') {
      send(200, { [TOPIC]: { name: 'Model registry', shortDescription: 'Registrations of AI model weights and cards' } })
    } else if (route === 'GET /listLookupServiceProviders') {
      send(200, { [SERVICE]: { name: 'Model registry lookup', shortDescription: 'Current and past registrations by model ID' } })
    } else {
      send(404, { error: 'not found' })
    }
  }
  return createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      const status = err instanceof HttpError ? err.status : 500
      if (!res.headersSent) res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: err instanceof HttpError ? err.message : 'internal error' }))
    })
  })
}

if (import.meta.main) {
  // Headers come from WhatsOnChain for the chosen network (testnet unless BSV_NETWORK=main).
  const network = process.env.BSV_NETWORK === 'main' ? 'main' : 'test'
  const server = createOverlayServer(new ModelRegistryOverlay(new WhatsOnChain(network)))
  server.listen(Number(process.env.PORT ?? 8080), () => {
    console.log(`model-registry overlay (${network}net) on http://localhost:${(server.address() as AddressInfo).port}`)
  })
}
