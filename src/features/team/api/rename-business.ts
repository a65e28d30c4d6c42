/** «Сохранить» of the business's name: PATCH /api/v1/team/business/. */
export { renameBusiness } from '../../../sync/team.ts';
