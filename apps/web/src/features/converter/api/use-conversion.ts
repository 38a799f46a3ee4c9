import { type AltCoin, divideAmount, floorDecimals } from '@bo/contract';
import { useQuery } from '@tanstack/react-query';
import { mainCall } from '../../../lib/api/main-client';
import { queryKey } from '../../../lib/api/query-keys';

/** SPEC §7.1: FiatMoney defaults to EUR when the target coin is not known. */
const DEFAULT_FIAT_MONEY = 'EUR';

export interface ConversionInput {
  sourceId: number;
  targetId: number;
  /** The coins behind the ids, once the coin list has loaded; their short names go over the wire. */
  source: AltCoin | undefined;
  target: AltCoin | undefined;
  /** The amount box as typed (already cleaned); '' means nothing to convert. */
  amount: string;
  isEnabled: boolean;
}

/**
 * The converter's value (SPEC §2.5, §7.1): Fiatlookup from source to target; when that pair has no
 * rate, the reverse lookup (target to source, for 1 unit) inverted; when neither has one, null so the
 * values are cleared. Both answers are already exact decimals; the inversion is exact too (BigInt).
 */
export const useConversion = ({ sourceId, targetId, source, target, amount, isEnabled }: ConversionInput) => {
  const normalised = floorDecimals(amount);
  const forward = {
    AltCoinID: sourceId,
    Amount: normalised,
    FiatLookup: 0,
    FiatMoney: target?.ShortName ?? DEFAULT_FIAT_MONEY,
  } as const;
  const reverse = source
    ? { AltCoinID: targetId, Amount: '1', FiatLookup: 0, FiatMoney: source.ShortName }
    : undefined;
  return useQuery({
    queryKey: queryKey('main', 'Fiatlookup', { forward, reverse }),
    queryFn: async ({ signal }): Promise<string | null> => {
      const [direct] = await mainCall('Fiatlookup', forward, { signal });
      if (direct) return direct.OutputValue;
      if (!reverse) return null;
      const [inverse] = await mainCall('Fiatlookup', reverse, { signal });
      if (!inverse) return null;
      // A rate floored to zero cannot be inverted; that pair has no usable rate either way.
      return divideAmount(normalised, inverse.OutputValue) || null;
    },
    enabled: isEnabled && normalised !== '',
  });
};
