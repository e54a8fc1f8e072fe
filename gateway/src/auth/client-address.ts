import { isIP } from 'node:net';
import type { RequestHandler } from 'express';

/**
 * Works out the client's address once per request, with the TRUST_PROXY rule the app was given
 * (`trust proxy`), and pins it as `req.ip`: the live stream's cap counts by it and every service
 * gets it signed. A value that is not an address (a trusted proxy passing on junk) gives way to
 * the connection's; an IPv4 address seen through IPv6 is written as IPv4, so one client is one key.
 */
export const pinClientAddress: RequestHandler = (req, _res, next) => {
  const socketAddress = req.socket.remoteAddress ?? '';
  let address = req.ip ?? socketAddress;
  if (isIP(address) === 0) address = socketAddress;
  if (address.startsWith('::ffff:') && isIP(address.slice(7)) === 4) address = address.slice(7);
  Object.defineProperty(req, 'ip', { value: address, configurable: true, enumerable: true });
  next();
};
