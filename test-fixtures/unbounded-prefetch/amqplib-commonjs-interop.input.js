"use strict";
// TypeScript's CommonJS output: the library is read through __importDefault and `.default`.
var __importDefault = (this && this.__importDefault) || function (mod) {
    return (mod && mod.__esModule) ? mod : { "default": mod };
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.start = void 0;
const amqplib_1 = __importDefault(require("amqplib"));
async function start(url) {
    const connection = await amqplib_1.default.connect(url);
    const channel = await connection.createChannel();
    await channel.assertQueue('emails', { durable: true });
    await channel.consume('emails', (msg) => {
        if (msg)
            channel.ack(msg);
    });
}
exports.start = start;
