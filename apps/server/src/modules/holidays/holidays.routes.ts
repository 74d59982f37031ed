import {
  holidayCountriesQuerySchema,
  holidayCountryEntrySchema,
  holidayDaySchema,
  holidayDaysQuerySchema,
  holidayGroupSchema,
  holidayGroupSchemasFor,
} from "@timetrap/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type Authenticate, actorIdOf, bearerSecurity } from "../../http/authenticate.js";
import { errorResponses } from "../../http/error-handler.js";
import { answer, describeFields, noContent, organizationIdParam, withExample } from "../api-document/api-document.js";
import {
  holidayCountriesExample,
  holidayDaysExample,
  holidayGroupExample,
  holidayGroupInputExample,
  holidayGroupPatchExample,
} from "../api-document/time-off-examples.js";
import { sessionClientOf } from "../sessions/session-client.js";
import type { HolidaysService } from "./holidays.service.js";
import { holidayCountryCodes } from "./public-holidays.js";

const tags = ["holidays"];

// The server knows the countries date-holidays knows: the document lists them, and any other code is a 400.
const countrySchema = z.enum(holidayCountryCodes, {
  message: "Country must be a country code of GET holiday-countries, such as IT",
});
const { input: groupInputSchema, patch: groupPatchSchema } = holidayGroupSchemasFor(countrySchema);

const organizationParams = z.object({ orgId: organizationIdParam });
const groupParams = organizationParams.extend({ id: z.uuid().describe("The holiday group's id") });

export const holidaysRoutes: FastifyPluginAsyncZod<{ holidays: HolidaysService; authenticate: Authenticate }> = async (
  app,
  { holidays, authenticate },
) => {
  app.addHook("onRequest", authenticate);

  app.get(
    "/organization/:orgId/holiday-groups",
    {
      schema: {
        operationId: "listHolidayGroups",
        tags,
        summary: "List holiday groups",
        description:
          "The organization's holiday groups, the default first, each with its own days and how many members it " +
          "holds (the default holds everyone without a group of their own). Any member of the organization.",
        security: bearerSecurity,
        params: organizationParams,
        response: {
          200: answer(z.array(holidayGroupSchema), "The holiday groups", [holidayGroupExample]),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => holidays.listGroups({ actorId: actorIdOf(request), organizationId: request.params.orgId }),
  );

  app.post(
    "/organization/:orgId/holiday-groups",
    {
      schema: {
        operationId: "createHolidayGroup",
        tags,
        summary: "Add a holiday group",
        description:
          "Adds a holiday group: its country's public holidays from 2000 to 2060 (of the region, if given: one of the " +
          "country's regions in `GET holiday-countries`, else a 400) and the organization's own days, each date once. " +
          "The organization's first group is its default; a later one becomes it with `is_default: true`. Needs " +
          "`edit` on `organization`.",
        security: bearerSecurity,
        params: organizationParams,
        body: withExample(groupInputSchema, holidayGroupInputExample),
        response: {
          201: answer(holidayGroupSchema, "The holiday group added", holidayGroupExample),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const group = await holidays.createGroup({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        input: request.body,
        client: sessionClientOf(request),
      });
      return reply.status(201).send(group);
    },
  );

  app.patch(
    "/organization/:orgId/holiday-groups/:id",
    {
      schema: {
        operationId: "updateHolidayGroup",
        tags,
        summary: "Change a holiday group",
        description:
          "Changes what is sent. A new country or region writes its public holidays out again (a new country without " +
          "a region drops the region; a region must be one of the country's, else a 400); `days` replaces every own " +
          "day; `is_default: true` makes this group the default, and `is_default: false` on the default is a 409 " +
          "(another group is made the default instead). Needs `edit` on `organization`.",
        security: bearerSecurity,
        params: groupParams,
        body: withExample(groupPatchSchema, holidayGroupPatchExample),
        response: {
          200: answer(holidayGroupSchema, "The holiday group as saved", {
            ...holidayGroupExample,
            convention: "worked",
          }),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) =>
      holidays.updateGroup({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        groupId: request.params.id,
        input: request.body,
        client: sessionClientOf(request),
      }),
  );

  app.delete(
    "/organization/:orgId/holiday-groups/:id",
    {
      schema: {
        operationId: "deleteHolidayGroup",
        tags,
        summary: "Delete a holiday group",
        description:
          "Deletes a holiday group and its days; its members fall back to the default group. The default cannot be " +
          "deleted while other groups exist (409). Needs `edit` on `organization`.",
        security: bearerSecurity,
        params: groupParams,
        response: { 204: noContent("The holiday group was deleted"), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await holidays.deleteGroup({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        groupId: request.params.id,
        client: sessionClientOf(request),
      });
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/organization/:orgId/holiday-groups/:id/days",
    {
      schema: {
        operationId: "listHolidayDays",
        tags,
        summary: "List a holiday group's days",
        description:
          "A group's days of one year, public holidays and own days, by date. Any member of the organization.",
        security: bearerSecurity,
        params: groupParams,
        querystring: describeFields(holidayDaysQuerySchema, { year: "The year, from 2000 to 2060" }),
        response: {
          200: answer(z.array(holidayDaySchema), "The group's days of the year", holidayDaysExample),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) =>
      holidays.daysOfGroup({
        actorId: actorIdOf(request),
        organizationId: request.params.orgId,
        groupId: request.params.id,
        year: request.query.year,
      }),
  );

  app.get(
    "/holiday-countries",
    {
      schema: {
        operationId: "listHolidayCountries",
        tags,
        summary: "List holiday countries",
        description:
          "The countries whose public holidays a holiday group can take, with their regions, by name in the language " +
          "asked. Anyone signed in.",
        security: bearerSecurity,
        querystring: describeFields(holidayCountriesQuerySchema, {
          language: "The language of the names: it or en (the default)",
        }),
        response: {
          200: answer(z.array(holidayCountryEntrySchema), "The countries", holidayCountriesExample),
          ...errorResponses(400, 401),
        },
      },
    },
    async (request) => holidays.countries({ language: request.query.language }),
  );
};
