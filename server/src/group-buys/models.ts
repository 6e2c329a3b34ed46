import { domainModels } from '../storage/index.ts';
import {
  groupBuyEndToldSchema,
  groupBuyOutcomeSchema,
  groupBuyPlaceSchema,
  OUTCOMES_COLLECTION,
  openGroupBuySchema,
  placeNumberSchema,
} from './model.ts';

/** The group-buys domain's collections: only this domain reads or writes them. */
export const groupBuyModels = domainModels((connection) => ({
  GroupBuyPlace: connection.model('GroupBuyPlace', groupBuyPlaceSchema),
  PlaceNumber: connection.model('PlaceNumber', placeNumberSchema),
  GroupBuyOutcome: connection.model('GroupBuyOutcome', groupBuyOutcomeSchema, OUTCOMES_COLLECTION),
  OpenGroupBuy: connection.model('OpenGroupBuy', openGroupBuySchema),
  GroupBuyEndTold: connection.model('GroupBuyEndTold', groupBuyEndToldSchema),
}));
