import { WebSocketServer } from 'ws'
const blob = Buffer.alloc(2_358_343, 7)
const wss = new WebSocketServer({ host: '127.0.0.1', port: 8798, perMessageDeflate: false })
wss.on('connection', (ws) => ws.on('message', () => ws.send(blob)))
console.log('ready')
