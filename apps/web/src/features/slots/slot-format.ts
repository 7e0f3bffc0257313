// The one format of a slot's figures lives in shared (the admin's catalogue reads it too).
export { formatMaxWin, formatRtp, formatVolatility } from '@app/shared/api/slots';
