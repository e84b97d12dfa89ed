// Generated from the service’s route table by `npm run generate:client-types`. Do not edit:
// change the route’s schemas and generate again (CI fails when this file is stale).

/** Each route the client calls: its path parameters, query, body and success answer. */
export interface RouteTypes {
  readonly exchangeGameToken: {
    readonly params: undefined;
    readonly query: undefined;
    readonly body: {
      readonly clientId: string;
      readonly clientSecret: string;
    };
    readonly answer: {
      readonly accessToken: string;
      readonly tokenType: 'Bearer';
      readonly expiresIn: number;
    };
  };
  readonly exchangeApiToken: {
    readonly params: undefined;
    readonly query: undefined;
    readonly body: {
      readonly clientId: string;
      readonly clientSecret: string;
    };
    readonly answer: {
      readonly accessToken: string;
      readonly tokenType: 'Bearer';
      readonly expiresIn: number;
    };
  };
  readonly bridgeLinkIdentity: {
    readonly params: undefined;
    readonly query: undefined;
    readonly body: {
      readonly identifiers: {
        readonly license?: string;
        readonly game?: string;
        readonly store?: string;
        readonly chat?: string;
      };
      readonly code: string;
    };
    readonly answer:
      | {
          readonly linked: true;
          readonly characterPublicId: string;
          readonly displayName: string;
        }
      | {
          readonly linked: false;
          readonly reason: 'invalid_or_expired_code';
        };
  };
  readonly bridgeStartPendingLink: {
    readonly params: undefined;
    readonly query: undefined;
    readonly body: {
      readonly identifiers: {
        readonly license?: string;
        readonly game?: string;
        readonly store?: string;
        readonly chat?: string;
      };
    };
    readonly answer: {
      readonly code: string;
      readonly expiresAt: string;
      readonly linkPath: string;
    };
  };
  readonly bridgeSyncDuty: {
    readonly params: undefined;
    readonly query: undefined;
    readonly body: {
      readonly identifiers: {
        readonly license?: string;
        readonly game?: string;
        readonly store?: string;
        readonly chat?: string;
      };
      readonly departmentSlug: string;
      readonly onDuty: boolean;
      readonly jobLabel?: string;
      readonly gradeLabel?: string;
      readonly characterName?: string;
    };
    readonly answer:
      | {
          readonly synced: true;
          readonly unitId: string;
          readonly status: string;
        }
      | {
          readonly synced: false;
          readonly reason:
            'not_linked' | 'unknown_department_slug' | 'no_department_membership' | 'callsign_not_assigned' | 'unit_inactive';
        };
  };
  readonly bridgeLookupVehicle: {
    readonly params: undefined;
    readonly query: undefined;
    readonly body: {
      readonly identifiers: {
        readonly license?: string;
        readonly game?: string;
        readonly store?: string;
        readonly chat?: string;
      };
      readonly plate: string;
    };
    readonly answer:
      | {
          readonly found: true;
          readonly vehicle: {
            readonly plate: string;
            readonly make: string | null;
            readonly model: string | null;
            readonly color: string | null;
            readonly registrationStatus: string;
            readonly ownerCivilianId: string | null;
            readonly ownerDisplayName: string | null;
          };
        }
      | {
          readonly found: false;
          readonly reason: 'not_linked' | 'not_on_duty' | 'no_match';
        };
  };
  readonly bridgeLookupPerson: {
    readonly params: undefined;
    readonly query: undefined;
    readonly body: {
      readonly identifiers: {
        readonly license?: string;
        readonly game?: string;
        readonly store?: string;
        readonly chat?: string;
      };
      readonly firstName: string;
      readonly lastName: string;
    };
    readonly answer:
      | {
          readonly found: true;
          readonly matches: readonly (
            | {
                readonly civilianId: string;
                readonly firstName: string;
                readonly lastName: string;
                readonly dateOfBirth: string | null;
                readonly licenseStatus: string;
              }
            | {
                readonly boloId: string;
                readonly boloNumber: string;
                readonly severity: 'LOW' | 'MEDIUM' | 'HIGH' | 'ARMED_DANGEROUS';
                readonly subjectDescription: string | null;
                readonly reason: string;
              }
          )[];
        }
      | {
          readonly found: false;
          readonly reason: 'not_linked' | 'not_on_duty' | 'no_match';
        };
  };
  readonly bridgeWarrantCheck: {
    readonly params: undefined;
    readonly query: undefined;
    readonly body: {
      readonly identifiers: {
        readonly license?: string;
        readonly game?: string;
        readonly store?: string;
        readonly chat?: string;
      };
      readonly firstName: string;
      readonly lastName: string;
      readonly dateOfBirth: string;
    };
    readonly answer:
      | {
          readonly checked: true;
          readonly hasActiveWarrant: boolean;
          readonly civilianId: string;
        }
      | {
          readonly checked: false;
          readonly reason: 'not_linked' | 'not_on_duty' | 'no_match' | 'multiple_matches';
        };
  };
  readonly bridgeIssueBolo: {
    readonly params: undefined;
    readonly query: undefined;
    readonly body: {
      readonly identifiers: {
        readonly license?: string;
        readonly game?: string;
        readonly store?: string;
        readonly chat?: string;
      };
      readonly subject: {
        readonly civilian?: {
          readonly firstName: string;
          readonly lastName: string;
          readonly dateOfBirth?: string;
        };
        readonly plate?: string;
      };
      readonly severity: 'LOW' | 'MEDIUM' | 'HIGH' | 'ARMED_DANGEROUS';
      readonly scope: 'DEPARTMENT' | 'COMMUNITY';
      readonly subjectDescription: string;
      readonly reason: string;
      readonly narrative: string;
    };
    readonly answer:
      | {
          readonly issued: true;
          readonly boloId: string;
          readonly boloNumber: string;
        }
      | {
          readonly issued: false;
          readonly reason: 'not_linked' | 'not_on_duty';
        };
  };
  readonly bridgeBoloCheck: {
    readonly params: undefined;
    readonly query: undefined;
    readonly body: {
      readonly identifiers: {
        readonly license?: string;
        readonly game?: string;
        readonly store?: string;
        readonly chat?: string;
      };
      readonly plate?: string;
      readonly firstName?: string;
      readonly lastName?: string;
    };
    readonly answer:
      | {
          readonly checked: true;
          readonly matches: readonly (
            | {
                readonly civilianId: string;
                readonly firstName: string;
                readonly lastName: string;
                readonly dateOfBirth: string | null;
                readonly licenseStatus: string;
              }
            | {
                readonly boloId: string;
                readonly boloNumber: string;
                readonly severity: 'LOW' | 'MEDIUM' | 'HIGH' | 'ARMED_DANGEROUS';
                readonly subjectDescription: string | null;
                readonly reason: string;
              }
          )[];
        }
      | {
          readonly checked: false;
          readonly reason: 'not_linked' | 'not_on_duty';
        };
  };
  readonly bridgeResolveBolo: {
    readonly params: {
      readonly boloId: string;
    };
    readonly query: undefined;
    readonly body: {
      readonly identifiers: {
        readonly license?: string;
        readonly game?: string;
        readonly store?: string;
        readonly chat?: string;
      };
    };
    readonly answer:
      | {
          readonly resolved: true;
          readonly boloId: string;
          readonly status: string;
        }
      | {
          readonly resolved: false;
          readonly reason: 'not_linked' | 'not_on_duty' | 'bolo_not_found' | 'wrong_department';
        };
  };
  readonly bridgeIssueCitation: {
    readonly params: undefined;
    readonly query: undefined;
    readonly body: {
      readonly identifiers: {
        readonly license?: string;
        readonly game?: string;
        readonly store?: string;
        readonly chat?: string;
      };
      readonly civilian: {
        readonly firstName: string;
        readonly lastName: string;
        readonly dateOfBirth: string;
      };
      readonly plate: string;
      readonly locationText: string;
      readonly statuteCode: string;
      readonly statuteDescription: string;
      readonly fineAmount: number;
    };
    readonly answer:
      | {
          readonly issued: true;
          readonly citationId: string;
          readonly citationNumber: string;
        }
      | {
          readonly issued: false;
          readonly reason: 'not_linked' | 'not_on_duty';
        };
  };
  readonly bridgeLogArrest: {
    readonly params: undefined;
    readonly query: undefined;
    readonly body: {
      readonly identifiers: {
        readonly license?: string;
        readonly game?: string;
        readonly store?: string;
        readonly chat?: string;
      };
      readonly civilian: {
        readonly firstName: string;
        readonly lastName: string;
        readonly dateOfBirth: string;
      };
      readonly locationText: string;
      readonly narrative: string;
      readonly charges: readonly {
        readonly statuteCode: string;
        readonly statuteDescription: string;
      }[];
    };
    readonly answer:
      | {
          readonly booked: true;
          readonly arrestId: string;
          readonly arrestNumber: string;
        }
      | {
          readonly booked: false;
          readonly reason: 'not_linked' | 'not_on_duty';
        };
  };
  readonly bridgeSyncCivilian: {
    readonly params: undefined;
    readonly query: undefined;
    readonly body: {
      readonly identifiers: {
        readonly license?: string;
        readonly game?: string;
        readonly store?: string;
        readonly chat?: string;
      };
      readonly civilian: {
        readonly firstName: string;
        readonly lastName: string;
        readonly dateOfBirth: string;
      };
    };
    readonly answer: {
      readonly synced: true;
      readonly civilianId: string;
      readonly created: boolean;
    };
  };
  readonly bridgeClaimCivilian: {
    readonly params: undefined;
    readonly query: undefined;
    readonly body: {
      readonly identifiers: {
        readonly license?: string;
        readonly game?: string;
        readonly store?: string;
        readonly chat?: string;
      };
      readonly civilian: {
        readonly firstName: string;
        readonly lastName: string;
        readonly dateOfBirth: string;
      };
    };
    readonly answer:
      | {
          readonly claimed: true;
          readonly civilianId: string;
        }
      | {
          readonly claimed: false;
          readonly reason: 'not_linked' | 'already_claimed';
        };
  };
  readonly bridgeSyncVehicle: {
    readonly params: undefined;
    readonly query: undefined;
    readonly body: {
      readonly identifiers: {
        readonly license?: string;
        readonly game?: string;
        readonly store?: string;
        readonly chat?: string;
      };
      readonly vehicle: {
        readonly plate: string;
        readonly make?: string;
        readonly model?: string;
        readonly color?: string;
      };
    };
    readonly answer: {
      readonly synced: true;
      readonly vehicleId: string;
      readonly created: boolean;
    };
  };
  readonly bridgePanic: {
    readonly params: undefined;
    readonly query: undefined;
    readonly body: {
      readonly identifiers: {
        readonly license?: string;
        readonly game?: string;
        readonly store?: string;
        readonly chat?: string;
      };
      readonly mapX: number;
      readonly mapY: number;
    };
    readonly answer:
      | {
          readonly triggered: true;
          readonly callId: string;
          readonly callNumber: string;
        }
      | {
          readonly triggered: false;
          readonly reason: 'not_linked' | 'not_on_duty';
        };
  };
  readonly bridgeReport911: {
    readonly params: undefined;
    readonly query: undefined;
    readonly body: {
      readonly identifiers: {
        readonly license?: string;
        readonly game?: string;
        readonly store?: string;
        readonly chat?: string;
      };
      readonly mapX: number;
      readonly mapY: number;
      readonly description: string;
    };
    readonly answer:
      | {
          readonly reported: true;
          readonly callId: string;
          readonly callNumber: string;
        }
      | {
          readonly reported: false;
          readonly reason: 'not_linked' | 'no_department';
        };
  };
  readonly bridgeSelfAssign: {
    readonly params: undefined;
    readonly query: undefined;
    readonly body: {
      readonly identifiers: {
        readonly license?: string;
        readonly game?: string;
        readonly store?: string;
        readonly chat?: string;
      };
      readonly callId: string;
    };
    readonly answer:
      | {
          readonly assigned: true;
          readonly unitId: string;
          readonly callStatus: 'PENDING' | 'ACTIVE' | 'CLOSED';
          readonly unitStatus: 'AVAILABLE' | 'EN_ROUTE' | 'ON_SCENE' | 'BUSY' | 'OUT_OF_SERVICE' | 'OFF_DUTY';
        }
      | {
          readonly assigned: false;
          readonly reason: 'not_linked' | 'not_on_duty' | 'call_not_found' | 'already_assigned' | 'wrong_department';
        };
  };
  readonly bridgeUnassign: {
    readonly params: undefined;
    readonly query: undefined;
    readonly body: {
      readonly identifiers: {
        readonly license?: string;
        readonly game?: string;
        readonly store?: string;
        readonly chat?: string;
      };
      readonly callId: string;
    };
    readonly answer:
      | {
          readonly unassigned: true;
          readonly unitId: string;
          readonly unitStatus: 'AVAILABLE' | 'EN_ROUTE' | 'ON_SCENE' | 'BUSY' | 'OUT_OF_SERVICE' | 'OFF_DUTY';
        }
      | {
          readonly unassigned: false;
          readonly reason: 'not_linked' | 'not_on_duty' | 'call_not_found' | 'not_assigned' | 'wrong_department';
        };
  };
  readonly bridgeNarrative: {
    readonly params: undefined;
    readonly query: undefined;
    readonly body: {
      readonly identifiers: {
        readonly license?: string;
        readonly game?: string;
        readonly store?: string;
        readonly chat?: string;
      };
      readonly callId: string;
      readonly text: string;
    };
    readonly answer:
      | {
          readonly updated: true;
          readonly eventId: string;
        }
      | {
          readonly updated: false;
          readonly reason: 'not_linked' | 'not_on_duty' | 'call_not_found' | 'wrong_department';
        };
  };
  readonly bridgeLocation: {
    readonly params: undefined;
    readonly query: undefined;
    readonly body: {
      readonly identifiers: {
        readonly license?: string;
        readonly game?: string;
        readonly store?: string;
        readonly chat?: string;
      };
      readonly mapX: number;
      readonly mapY: number;
    };
    readonly answer:
      | {
          readonly reported: true;
        }
      | {
          readonly reported: false;
          readonly reason: 'not_linked' | 'not_on_duty';
        };
  };
  readonly bridgeWaypoint: {
    readonly params: undefined;
    readonly query: undefined;
    readonly body: {
      readonly identifiers: {
        readonly license?: string;
        readonly game?: string;
        readonly store?: string;
        readonly chat?: string;
      };
    };
    readonly answer:
      | {
          readonly hasWaypoint: true;
          readonly callId: string;
          readonly callNumber: string;
          readonly mapX: number;
          readonly mapY: number;
        }
      | {
          readonly hasWaypoint: false;
          readonly reason: 'not_linked' | 'not_on_duty' | 'no_assignment' | 'no_pin';
          readonly assignedCallId: string | null;
          readonly assignedCallNumber: string | null;
        };
  };
  readonly bridgeMdtHandoff: {
    readonly params: undefined;
    readonly query: undefined;
    readonly body: {
      readonly identifiers: {
        readonly license?: string;
        readonly game?: string;
        readonly store?: string;
        readonly chat?: string;
      };
      readonly departmentSlug: string;
      readonly onDuty: boolean;
      readonly jobLabel?: string;
      readonly gradeLabel?: string;
      readonly characterName?: string;
      readonly confirmInGame?: boolean;
    };
    readonly answer:
      | {
          readonly issued: true;
          readonly token: string;
          readonly expiresAt: string;
          readonly tier: 'full' | 'basic';
        }
      | {
          readonly issued: false;
          readonly reason: 'not_linked';
        };
  };
  readonly bridgeConfirmMdtHandoff: {
    readonly params: undefined;
    readonly query: undefined;
    readonly body: {
      readonly identifiers: {
        readonly license?: string;
        readonly game?: string;
        readonly store?: string;
        readonly chat?: string;
      };
      readonly code: string;
      readonly departmentSlug?: string;
      readonly onDuty?: boolean;
    };
    readonly answer:
      | {
          readonly confirmed: true;
        }
      | {
          readonly confirmed: false;
          readonly reason: 'not_linked' | 'invalid_or_expired_code';
        };
  };
  readonly bridgePresence: {
    readonly params: undefined;
    readonly query: undefined;
    readonly body: {
      readonly identifiers: readonly {
        readonly license?: string;
        readonly game?: string;
        readonly store?: string;
        readonly chat?: string;
      }[];
    };
    readonly answer: {
      readonly acknowledged: true;
    };
  };
  readonly bridgeLatestRelease: {
    readonly params: undefined;
    readonly query: {
      readonly resourceSlug: string;
      readonly currentVersion: string;
    };
    readonly body: undefined;
    readonly answer:
      | {
          readonly found: true;
          readonly resourceSlug: string;
          readonly latestVersion: string;
          readonly updateAvailable: boolean;
          readonly manifest: Readonly<Record<string, unknown>>;
        }
      | {
          readonly found: false;
          readonly resourceSlug: string;
        };
  };
  readonly listUnits: {
    readonly params: undefined;
    readonly query: {
      readonly departmentId?: string;
      readonly isActive?: boolean;
      readonly limit?: number;
    };
    readonly body: undefined;
    readonly answer: readonly {
      readonly unitId: string;
      readonly unitLabel: string;
      readonly callsign?: string | null;
      readonly organisationId?: string;
      readonly departmentId: string;
      readonly membershipId?: string;
      readonly status: 'AVAILABLE' | 'EN_ROUTE' | 'ON_SCENE' | 'BUSY' | 'OUT_OF_SERVICE' | 'OFF_DUTY';
      readonly isActive: boolean;
      readonly assignment: {
        readonly callId?: string;
        readonly callNumber?: string;
        readonly mapX?: number | null;
        readonly mapY?: number | null;
        readonly assignedAt?: string;
      } | null;
      readonly statusChangedAt?: string;
    }[];
  };
  readonly readUnit: {
    readonly params: {
      readonly unitId: string;
    };
    readonly query: undefined;
    readonly body: undefined;
    readonly answer: {
      readonly unitId: string;
      readonly unitLabel: string;
      readonly callsign?: string | null;
      readonly organisationId?: string;
      readonly departmentId: string;
      readonly membershipId?: string;
      readonly status: 'AVAILABLE' | 'EN_ROUTE' | 'ON_SCENE' | 'BUSY' | 'OUT_OF_SERVICE' | 'OFF_DUTY';
      readonly isActive: boolean;
      readonly assignment: {
        readonly callId?: string;
        readonly callNumber?: string;
        readonly mapX?: number | null;
        readonly mapY?: number | null;
        readonly assignedAt?: string;
      } | null;
      readonly statusChangedAt?: string;
    };
  };
  readonly setUnitStatus: {
    readonly params: {
      readonly unitId: string;
    };
    readonly query: undefined;
    readonly body: {
      readonly status: 'AVAILABLE' | 'EN_ROUTE' | 'ON_SCENE' | 'BUSY' | 'OUT_OF_SERVICE' | 'OFF_DUTY';
      readonly reason?: string;
    };
    readonly answer: {
      readonly unitId: string;
      readonly unitLabel: string;
      readonly callsign?: string | null;
      readonly organisationId?: string;
      readonly departmentId: string;
      readonly membershipId?: string;
      readonly status: 'AVAILABLE' | 'EN_ROUTE' | 'ON_SCENE' | 'BUSY' | 'OUT_OF_SERVICE' | 'OFF_DUTY';
      readonly isActive: boolean;
      readonly assignment: {
        readonly callId?: string;
        readonly callNumber?: string;
        readonly mapX?: number | null;
        readonly mapY?: number | null;
        readonly assignedAt?: string;
      } | null;
      readonly statusChangedAt?: string;
    };
  };
  readonly listCalls: {
    readonly params: undefined;
    readonly query: {
      readonly departmentId?: string;
      readonly status?: 'PENDING' | 'ACTIVE' | 'CLOSED';
      readonly limit?: number;
      readonly offset?: number;
    };
    readonly body: undefined;
    readonly answer: readonly {
      readonly callId: string;
      readonly callNumber: string;
      readonly organisationId: string;
      readonly departmentId: string;
      readonly status: 'PENDING' | 'ACTIVE' | 'CLOSED';
      readonly priority: 'P1' | 'P2' | 'P3' | 'P4';
      readonly origin: string;
      readonly description: string;
      readonly mapX: number | null;
      readonly mapY: number | null;
      readonly createdAt: string;
      readonly closedAt: string | null;
      readonly notes: readonly {
        readonly eventId: string;
        readonly text: string;
        readonly author: Readonly<Record<string, unknown>>;
        readonly at: string;
      }[];
    }[];
  };
  readonly readApiCall: {
    readonly params: {
      readonly callId: string;
    };
    readonly query: undefined;
    readonly body: undefined;
    readonly answer: {
      readonly callId: string;
      readonly callNumber: string;
      readonly organisationId: string;
      readonly departmentId: string;
      readonly status: 'PENDING' | 'ACTIVE' | 'CLOSED';
      readonly priority: 'P1' | 'P2' | 'P3' | 'P4';
      readonly origin: string;
      readonly description: string;
      readonly mapX: number | null;
      readonly mapY: number | null;
      readonly createdAt: string;
      readonly closedAt: string | null;
      readonly notes: readonly {
        readonly eventId: string;
        readonly text: string;
        readonly author: Readonly<Record<string, unknown>>;
        readonly at: string;
      }[];
      readonly units: readonly {
        readonly unitId: string;
        readonly unitLabel: string;
        readonly callsign?: string | null;
        readonly organisationId?: string;
        readonly departmentId: string;
        readonly membershipId?: string;
        readonly status: 'AVAILABLE' | 'EN_ROUTE' | 'ON_SCENE' | 'BUSY' | 'OUT_OF_SERVICE' | 'OFF_DUTY';
        readonly isActive: boolean;
        readonly assignment: {
          readonly callId?: string;
          readonly callNumber?: string;
          readonly mapX?: number | null;
          readonly mapY?: number | null;
          readonly assignedAt?: string;
        } | null;
        readonly statusChangedAt?: string;
      }[];
    };
  };
  readonly setCallStatus: {
    readonly params: {
      readonly callId: string;
    };
    readonly query: undefined;
    readonly body: {
      readonly status: 'PENDING' | 'ACTIVE';
    };
    readonly answer: {
      readonly callId: string;
      readonly callNumber: string;
      readonly organisationId: string;
      readonly departmentId: string;
      readonly status: 'PENDING' | 'ACTIVE' | 'CLOSED';
      readonly priority: 'P1' | 'P2' | 'P3' | 'P4';
      readonly origin: string;
      readonly description: string;
      readonly mapX: number | null;
      readonly mapY: number | null;
      readonly createdAt: string;
      readonly closedAt: string | null;
      readonly notes: readonly {
        readonly eventId: string;
        readonly text: string;
        readonly author: Readonly<Record<string, unknown>>;
        readonly at: string;
      }[];
    };
  };
  readonly listBolos: {
    readonly params: undefined;
    readonly query: {
      readonly status?: 'ISSUED' | 'ACKNOWLEDGED' | 'HIT_REPORTED' | 'RESOLVED' | 'ARCHIVED' | 'EXPIRED';
      readonly issuingDepartmentId?: string;
      readonly limit?: number;
    };
    readonly body: undefined;
    readonly answer: readonly {
      readonly boloId: string;
      readonly boloNumber: string;
      readonly status: 'ISSUED' | 'ACKNOWLEDGED' | 'HIT_REPORTED' | 'RESOLVED' | 'ARCHIVED' | 'EXPIRED';
      readonly severity: 'LOW' | 'MEDIUM' | 'HIGH' | 'ARMED_DANGEROUS';
      readonly scope: 'DEPARTMENT' | 'COMMUNITY';
      readonly issuingDepartmentId: string;
      readonly subjectCivilianId: string | null;
      readonly subjectVehicleId: string | null;
      readonly subjectDescription: string;
      readonly reason: string;
      readonly expiresAt: string | null;
      readonly createdAt: string;
      readonly updatedAt: string;
    }[];
  };
  readonly readBolo: {
    readonly params: {
      readonly boloId: string;
    };
    readonly query: undefined;
    readonly body: undefined;
    readonly answer: {
      readonly boloId: string;
      readonly boloNumber: string;
      readonly status: 'ISSUED' | 'ACKNOWLEDGED' | 'HIT_REPORTED' | 'RESOLVED' | 'ARCHIVED' | 'EXPIRED';
      readonly severity: 'LOW' | 'MEDIUM' | 'HIGH' | 'ARMED_DANGEROUS';
      readonly scope: 'DEPARTMENT' | 'COMMUNITY';
      readonly issuingDepartmentId: string;
      readonly subjectCivilianId: string | null;
      readonly subjectVehicleId: string | null;
      readonly subjectDescription: string;
      readonly reason: string;
      readonly expiresAt: string | null;
      readonly createdAt: string;
      readonly updatedAt: string;
    };
  };
  readonly setBoloStatus: {
    readonly params: {
      readonly boloId: string;
    };
    readonly query: undefined;
    readonly body: {
      readonly status: 'ISSUED' | 'ACKNOWLEDGED' | 'HIT_REPORTED' | 'RESOLVED' | 'ARCHIVED' | 'EXPIRED';
    };
    readonly answer: {
      readonly boloId: string;
      readonly boloNumber: string;
      readonly status: 'ISSUED' | 'ACKNOWLEDGED' | 'HIT_REPORTED' | 'RESOLVED' | 'ARCHIVED' | 'EXPIRED';
      readonly severity: 'LOW' | 'MEDIUM' | 'HIGH' | 'ARMED_DANGEROUS';
      readonly scope: 'DEPARTMENT' | 'COMMUNITY';
      readonly issuingDepartmentId: string;
      readonly subjectCivilianId: string | null;
      readonly subjectVehicleId: string | null;
      readonly subjectDescription: string;
      readonly reason: string;
      readonly expiresAt: string | null;
      readonly createdAt: string;
      readonly updatedAt: string;
    };
  };
  readonly createBolo: {
    readonly params: undefined;
    readonly query: undefined;
    readonly body: {
      readonly subjectCivilianId?: string;
      readonly subjectVehicleId?: string;
      readonly issuingDepartmentId: string;
      readonly severity: 'LOW' | 'MEDIUM' | 'HIGH' | 'ARMED_DANGEROUS';
      readonly scope: 'DEPARTMENT' | 'COMMUNITY';
      readonly subjectDescription: string;
      readonly reason: string;
      readonly narrative?: string;
      readonly internalNotes?: string;
      readonly expiresAt?: string;
    };
    readonly answer: {
      readonly boloId: string;
      readonly boloNumber: string;
      readonly status: 'ISSUED' | 'ACKNOWLEDGED' | 'HIT_REPORTED' | 'RESOLVED' | 'ARCHIVED' | 'EXPIRED';
      readonly severity: 'LOW' | 'MEDIUM' | 'HIGH' | 'ARMED_DANGEROUS';
      readonly scope: 'DEPARTMENT' | 'COMMUNITY';
      readonly issuingDepartmentId: string;
      readonly subjectCivilianId: string | null;
      readonly subjectVehicleId: string | null;
      readonly subjectDescription: string;
      readonly reason: string;
      readonly expiresAt: string | null;
      readonly createdAt: string;
      readonly updatedAt: string;
    };
  };
  readonly reportBoloHit: {
    readonly params: {
      readonly boloId: string;
    };
    readonly query: undefined;
    readonly body: {
      readonly plate: string;
      readonly cameraId: string;
      readonly cameraLabel: string;
      readonly mapX: number;
      readonly mapY: number;
      readonly seenAt: string;
    };
    readonly answer: {
      readonly hit: {
        readonly hitId: string;
        readonly boloId: string;
        readonly plate: string;
        readonly cameraId: string;
        readonly cameraLabel: string;
        readonly mapX: number;
        readonly mapY: number;
        readonly seenAt: string;
        readonly reportedAt: string;
      };
      readonly bolo: {
        readonly boloId: string;
        readonly boloNumber: string;
        readonly status: 'ISSUED' | 'ACKNOWLEDGED' | 'HIT_REPORTED' | 'RESOLVED' | 'ARCHIVED' | 'EXPIRED';
        readonly severity: 'LOW' | 'MEDIUM' | 'HIGH' | 'ARMED_DANGEROUS';
        readonly scope: 'DEPARTMENT' | 'COMMUNITY';
        readonly issuingDepartmentId: string;
        readonly subjectCivilianId: string | null;
        readonly subjectVehicleId: string | null;
        readonly subjectDescription: string;
        readonly reason: string;
        readonly expiresAt: string | null;
        readonly createdAt: string;
        readonly updatedAt: string;
      };
    };
  };
  readonly listBoloHits: {
    readonly params: {
      readonly boloId: string;
    };
    readonly query: undefined;
    readonly body: undefined;
    readonly answer: readonly {
      readonly hitId: string;
      readonly boloId: string;
      readonly plate: string;
      readonly cameraId: string;
      readonly cameraLabel: string;
      readonly mapX: number;
      readonly mapY: number;
      readonly seenAt: string;
      readonly reportedAt: string;
    }[];
  };
  readonly listVehicles: {
    readonly params: undefined;
    readonly query: {
      readonly plate?: string;
      readonly registeredOwnerCivilianId?: string;
      readonly cursor?: string;
      readonly limit?: number;
    };
    readonly body: undefined;
    readonly answer: {
      readonly items: readonly {
        readonly vehicleId: string;
        readonly organisationId: string;
        readonly plate: string;
        readonly make: string | null;
        readonly model: string | null;
        readonly color: string | null;
        readonly registrationStatus: string;
        readonly ownerCivilianId: string | null;
      }[];
      readonly nextCursor: string | null;
      readonly hasMore: boolean;
    };
  };
  readonly readVehicle: {
    readonly params: {
      readonly vehicleId: string;
    };
    readonly query: undefined;
    readonly body: undefined;
    readonly answer: {
      readonly vehicleId: string;
      readonly organisationId: string;
      readonly plate: string;
      readonly make: string | null;
      readonly model: string | null;
      readonly color: string | null;
      readonly registrationStatus: string;
      readonly ownerCivilianId: string | null;
    };
  };
  readonly listCivilians: {
    readonly params: undefined;
    readonly query: {
      readonly q?: string;
      readonly licenseStatus?: string;
      readonly cursor?: string;
      readonly limit?: number;
    };
    readonly body: undefined;
    readonly answer: {
      readonly items: readonly {
        readonly civilianId: string;
        readonly organisationId: string;
        readonly firstName: string;
        readonly lastName: string;
        readonly dateOfBirth: string | null;
        readonly licenseStatus: string;
      }[];
      readonly nextCursor: string | null;
      readonly hasMore: boolean;
    };
  };
  readonly listWarrants: {
    readonly params: undefined;
    readonly query: {
      readonly civilianId?: string;
      readonly status?: 'ACTIVE' | 'SERVED' | 'RECALLED';
      readonly cursor?: string;
      readonly limit?: number;
    };
    readonly body: undefined;
    readonly answer: {
      readonly items: readonly {
        readonly warrantId: string;
        readonly organisationId: string;
        readonly civilianId: string;
        readonly status: 'ACTIVE' | 'SERVED' | 'RECALLED';
        readonly description: string | null;
        readonly createdAt: string;
      }[];
      readonly nextCursor: string | null;
      readonly hasMore: boolean;
    };
  };
}

/** Where each route goes, how it authenticates, and the rate-limit bucket it spends. */
export const ROUTE_TABLE = {
  exchangeGameToken: { method: 'POST', path: '/api/v1/integrations/game/token', auth: 'none', bucket: 'token-exchange', takes: 'body' },
  exchangeApiToken: { method: 'POST', path: '/api/v1/integrations/token', auth: 'none', bucket: 'token-exchange', takes: 'body' },
  bridgeLinkIdentity: {
    method: 'POST',
    path: '/api/v1/integrations/game/identity/link',
    auth: 'game',
    bucket: 'bridge-identity-link',
    flag: 'linked',
    takes: 'body',
  },
  bridgeStartPendingLink: {
    method: 'POST',
    path: '/api/v1/integrations/game/identity/link/pending',
    auth: 'game',
    bucket: 'bridge-identity-link-pending',
    takes: 'body',
  },
  bridgeSyncDuty: {
    method: 'POST',
    path: '/api/v1/integrations/game/duty',
    auth: 'game',
    bucket: 'bridge-duty',
    flag: 'synced',
    takes: 'body',
  },
  bridgeLookupVehicle: {
    method: 'POST',
    path: '/api/v1/integrations/game/lookup/vehicle',
    auth: 'game',
    bucket: 'bridge-lookup-vehicle',
    flag: 'found',
    takes: 'body',
  },
  bridgeLookupPerson: {
    method: 'POST',
    path: '/api/v1/integrations/game/lookup/person',
    auth: 'game',
    bucket: 'bridge-lookup-person',
    flag: 'found',
    takes: 'body',
  },
  bridgeWarrantCheck: {
    method: 'POST',
    path: '/api/v1/integrations/game/warrant-check',
    auth: 'game',
    bucket: 'bridge-warrant-check',
    flag: 'checked',
    takes: 'body',
  },
  bridgeIssueBolo: {
    method: 'POST',
    path: '/api/v1/integrations/game/bolo',
    auth: 'game',
    bucket: 'bridge-bolo',
    flag: 'issued',
    takes: 'body',
    scope: 'game.bolo.trigger',
  },
  bridgeBoloCheck: {
    method: 'POST',
    path: '/api/v1/integrations/game/bolo-check',
    auth: 'game',
    bucket: 'bridge-bolo-check',
    flag: 'checked',
    takes: 'body',
  },
  bridgeResolveBolo: {
    method: 'POST',
    path: '/api/v1/integrations/game/bolo/:boloId/resolve',
    auth: 'game',
    bucket: 'bridge-bolo-resolve',
    flag: 'resolved',
    takes: 'parts',
  },
  bridgeIssueCitation: {
    method: 'POST',
    path: '/api/v1/integrations/game/citation',
    auth: 'game',
    bucket: 'bridge-citation',
    flag: 'issued',
    takes: 'body',
    scope: 'game.citation.issue',
  },
  bridgeLogArrest: {
    method: 'POST',
    path: '/api/v1/integrations/game/arrest',
    auth: 'game',
    bucket: 'bridge-arrest',
    flag: 'booked',
    takes: 'body',
    scope: 'game.arrest.log',
  },
  bridgeSyncCivilian: {
    method: 'POST',
    path: '/api/v1/integrations/game/civilian',
    auth: 'game',
    bucket: 'bridge-civilian',
    flag: 'synced',
    takes: 'body',
  },
  bridgeClaimCivilian: {
    method: 'POST',
    path: '/api/v1/integrations/game/civilian/claim',
    auth: 'game',
    bucket: 'bridge-civilian-claim',
    flag: 'claimed',
    takes: 'body',
  },
  bridgeSyncVehicle: {
    method: 'POST',
    path: '/api/v1/integrations/game/vehicle',
    auth: 'game',
    bucket: 'bridge-vehicle',
    flag: 'synced',
    takes: 'body',
  },
  bridgePanic: {
    method: 'POST',
    path: '/api/v1/integrations/game/panic',
    auth: 'game',
    bucket: 'bridge-panic',
    flag: 'triggered',
    takes: 'body',
  },
  bridgeReport911: {
    method: 'POST',
    path: '/api/v1/integrations/game/911',
    auth: 'game',
    bucket: 'bridge-911',
    flag: 'reported',
    takes: 'body',
  },
  bridgeSelfAssign: {
    method: 'POST',
    path: '/api/v1/integrations/game/911/self-assign',
    auth: 'game',
    bucket: 'bridge-self-assign',
    flag: 'assigned',
    takes: 'body',
  },
  bridgeUnassign: {
    method: 'POST',
    path: '/api/v1/integrations/game/911/unassign',
    auth: 'game',
    bucket: 'bridge-unassign',
    flag: 'unassigned',
    takes: 'body',
  },
  bridgeNarrative: {
    method: 'POST',
    path: '/api/v1/integrations/game/911/narrative',
    auth: 'game',
    bucket: 'bridge-narrative',
    flag: 'updated',
    takes: 'body',
  },
  bridgeLocation: {
    method: 'POST',
    path: '/api/v1/integrations/game/location',
    auth: 'game',
    bucket: 'bridge-location',
    flag: 'reported',
    takes: 'body',
  },
  bridgeWaypoint: {
    method: 'POST',
    path: '/api/v1/integrations/game/waypoint',
    auth: 'game',
    bucket: 'bridge-waypoint',
    flag: 'hasWaypoint',
    takes: 'body',
  },
  bridgeMdtHandoff: {
    method: 'POST',
    path: '/api/v1/integrations/game/mdt-handoff',
    auth: 'game',
    bucket: 'bridge-mdt-handoff',
    flag: 'issued',
    takes: 'body',
  },
  bridgeConfirmMdtHandoff: {
    method: 'POST',
    path: '/api/v1/integrations/game/mdt-handoff/confirm',
    auth: 'game',
    bucket: 'bridge-mdt-handoff-confirm',
    flag: 'confirmed',
    takes: 'body',
  },
  bridgePresence: {
    method: 'POST',
    path: '/api/v1/integrations/game/presence',
    auth: 'game',
    bucket: 'bridge-presence',
    flag: 'acknowledged',
    takes: 'body',
  },
  bridgeLatestRelease: {
    method: 'GET',
    path: '/api/v1/integrations/game/resource-release/latest',
    auth: 'none',
    bucket: 'release-check',
    flag: 'found',
    takes: 'parts',
  },
  listUnits: { method: 'GET', path: '/api/v1/units', auth: 'generic_api_key', bucket: 'api-read', takes: 'parts', scope: 'cad.unit.view' },
  readUnit: {
    method: 'GET',
    path: '/api/v1/units/:unitId',
    auth: 'generic_api_key',
    bucket: 'api-read',
    takes: 'parts',
    scope: 'cad.unit.view',
  },
  setUnitStatus: {
    method: 'PATCH',
    path: '/api/v1/units/:unitId/status',
    auth: 'generic_api_key',
    bucket: 'api-write',
    takes: 'parts',
    scope: 'cad.unit.assign',
  },
  listCalls: {
    method: 'GET',
    path: '/api/v1/cad/calls',
    auth: 'generic_api_key',
    bucket: 'api-read',
    takes: 'parts',
    scope: 'cad.call.view',
  },
  readApiCall: {
    method: 'GET',
    path: '/api/v1/cad/calls/:callId',
    auth: 'generic_api_key',
    bucket: 'api-read',
    takes: 'parts',
    scope: 'cad.call.view',
  },
  setCallStatus: {
    method: 'PATCH',
    path: '/api/v1/cad/calls/:callId/status',
    auth: 'generic_api_key',
    bucket: 'api-write',
    takes: 'parts',
    scope: 'cad.call.update',
  },
  listBolos: {
    method: 'GET',
    path: '/api/v1/records/bolos',
    auth: 'generic_api_key',
    bucket: 'api-read',
    takes: 'parts',
    scope: 'records.bolo.view',
  },
  readBolo: {
    method: 'GET',
    path: '/api/v1/records/bolos/:boloId',
    auth: 'generic_api_key',
    bucket: 'api-read',
    takes: 'parts',
    scope: 'records.bolo.view',
  },
  setBoloStatus: {
    method: 'PATCH',
    path: '/api/v1/records/bolos/:boloId/status',
    auth: 'generic_api_key',
    bucket: 'api-write',
    takes: 'parts',
    scope: 'records.bolo.manage',
  },
  createBolo: {
    method: 'POST',
    path: '/api/v1/records/bolos',
    auth: 'generic_api_key',
    bucket: 'api-write',
    takes: 'body',
    scope: 'records.bolo.create',
  },
  reportBoloHit: {
    method: 'POST',
    path: '/api/v1/records/bolos/:boloId/hits',
    auth: 'generic_api_key',
    bucket: 'api-write',
    takes: 'parts',
    scope: 'records.bolo.manage',
  },
  listBoloHits: {
    method: 'GET',
    path: '/api/v1/records/bolos/:boloId/hits',
    auth: 'generic_api_key',
    bucket: 'api-read',
    takes: 'parts',
    scope: 'records.bolo.view',
  },
  listVehicles: {
    method: 'GET',
    path: '/api/v1/records/vehicles',
    auth: 'generic_api_key',
    bucket: 'api-read',
    takes: 'parts',
    scope: 'records.vehicle.view',
  },
  readVehicle: {
    method: 'GET',
    path: '/api/v1/records/vehicles/:vehicleId',
    auth: 'generic_api_key',
    bucket: 'api-read',
    takes: 'parts',
    scope: 'records.vehicle.view',
  },
  listCivilians: {
    method: 'GET',
    path: '/api/v1/records/civilians',
    auth: 'generic_api_key',
    bucket: 'api-read',
    takes: 'parts',
    scope: 'records.civilian.view',
  },
  listWarrants: {
    method: 'GET',
    path: '/api/v1/records/warrants',
    auth: 'generic_api_key',
    bucket: 'api-read',
    takes: 'parts',
    scope: 'records.warrant.view',
  },
} as const;

export type OperationId = keyof RouteTypes;

/** What the realtime channel sends as its one event, `waypoint` (from the AsyncAPI document). */
export type WaypointEvent =
  | {
      readonly type: 'assignment.created';
      readonly seq: number;
      readonly emittedAt: string;
      readonly departmentId: string;
      readonly callId: string;
      readonly unitId: string;
      readonly unitLabel: string;
      readonly callNumber: string;
      readonly mapX: number | null;
      readonly mapY: number | null;
    }
  | {
      readonly type: 'assignment.updated';
      readonly seq: number;
      readonly emittedAt: string;
      readonly departmentId: string;
      readonly callId: string;
      readonly unitId: string;
      readonly unitLabel: string;
      readonly callNumber: string;
      readonly mapX: number | null;
      readonly mapY: number | null;
    }
  | {
      readonly type: 'assignment.removed';
      readonly seq: number;
      readonly emittedAt: string;
      readonly departmentId: string;
      readonly callId: string;
      readonly unitId: string;
      readonly unitLabel: string;
    };

/** Every non-2xx answer of the service has this shape. */
export type ErrorBody = {
  readonly error:
    | 'VALIDATION_FAILED'
    | 'UNAUTHORIZED'
    | 'FORBIDDEN'
    | 'NOT_FOUND'
    | 'METHOD_NOT_ALLOWED'
    | 'REQUEST_TIMEOUT'
    | 'CONFLICT'
    | 'BOLO_HAS_NO_VEHICLE'
    | 'BOLO_NOT_ACTIVE'
    | 'PLATE_MISMATCH'
    | 'IDEMPOTENCY_KEY_IN_USE'
    | 'PAYLOAD_TOO_LARGE'
    | 'UNSUPPORTED_MEDIA_TYPE'
    | 'IDEMPOTENCY_KEY_REUSED'
    | 'RATE_LIMITED'
    | 'HEADERS_TOO_LARGE'
    | 'INTERNAL'
    | 'NOT_IMPLEMENTED'
    | 'SERVICE_UNAVAILABLE';
  readonly message: string;
  readonly details?: readonly {
    readonly in: 'body' | 'query' | 'path' | 'header';
    readonly field: string;
    readonly message: string;
  }[];
};
